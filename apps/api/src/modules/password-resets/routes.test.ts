import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESET_PASSWORD_MESSAGES, withCrossMark } from '@lumina/shared/users/reset-password-schema';
import { PASSWORD_MESSAGES } from '@lumina/shared/validation/password';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema/auth-tokens.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { readMail } from '../../integrations/mail/read-mail.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser, signIn } from '../../test/user-builder.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/token-service.ts';
import { RESET_MAIL_SUBJECT } from './reset-mail.ts';
import { PASSWORD_RESET_MESSAGES, RESET_REQUEST_LIMITS } from './service.ts';

const APP_URL = 'http://loja.test';
const NEW_PASSWORD = 'NovaSenha123';
const HOUR = 60 * 60 * 1000;

let smtp: TestSmtpServer;
let ctx: TestContext;
/** The app's clock runs this far ahead of the real one (expiry tests move it). */
let clockOffsetMs = 0;
/** Each test asks from its own address, so the per-IP limit of one test does not leak into the next. */
let ipSequence = 0;
let ip: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, APP_URL, PAYMENTS_SANDBOX: 'true' },
    now: () => new Date(Date.now() + clockOffsetMs),
  });
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.clear();
  clockOffsetMs = 0;
  ipSequence += 1;
  ip = `203.0.113.${ipSequence}`;
});

function requestReset(payload: Record<string, unknown>, remoteAddress = ip) {
  return ctx.app.inject({ method: 'POST', url: '/api/password_resets', payload, remoteAddress });
}

function verify(token: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/password_resets/verify/${token}` });
}

function reset(token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PUT', url: `/api/password_resets/${token}`, payload });
}

const body = (password: string, confirmation = password) => ({
  password,
  password_confirmation: confirmation,
});

/** Asks for a link for `user` and reads the token out of the mail the SMTP server received. */
async function mailedToken(user: UserRow): Promise<string> {
  expect((await requestReset({ email: user.email })).statusCode).toBe(200);
  const mail = await smtp.waitForMail(user.email);
  smtp.clear();
  const token = /redefinir-senha\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no link in the mail: ${mail.text}`);
  return token;
}

async function storedPasswordHash(userId: number) {
  const [row] = await ctx.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.hash ?? null;
}

describe('POST /api/password_resets', () => {
  it('answers a customer and an unknown e-mail alike, and mails only the customer', async () => {
    const ana = await createUser(ctx.database, { name: 'Ana Souza', password: 'Antiga123' });

    const unknown = await requestReset({ email: 'ninguem@example.com' });
    const known = await requestReset({ email: ana.email });

    for (const response of [unknown, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(known.body).toBe(unknown.body);

    const mail = await smtp.waitForMail(ana.email);
    // Mails go out one after the other, so the unknown address was handled before Ana's.
    expect(smtp.received).toHaveLength(1);
    expect(mail.subject).toBe(RESET_MAIL_SUBJECT);
    expect(mail.from).toBe('Lumina Piercings <nao-responda@lumina.local>');
    expect(mail.text).toContain('Olá, Ana!');
    expect(mail.text).toContain('2 horas');
    const token = /http:\/\/loja\.test\/redefinir-senha\?token=([\w-]{43})\n/.exec(
      mail.text ?? '',
    )?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`href="${APP_URL}/redefinir-senha?token=${token}"`);

    const rows = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, ana.id));
    expect(rows).toHaveLength(1);
    // Only the hash is stored: the database alone cannot reset anyone's password.
    expect(rows[0]?.tokenHash).toBe(hashToken(token!));
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(2 * HOUR);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const user = await createUser(ctx.database, { email: 'bia.lima@example.com' });
    expect((await requestReset({ email: '  Bia.Lima@EXAMPLE.com ' })).statusCode).toBe(200);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.to).toBe('bia.lima@example.com');
  });

  it.each([
    ['no e-mail', {}, 'Email é obrigatório'],
    ['an empty e-mail', { email: '' }, 'Email é obrigatório'],
    ['a half e-mail', { email: 'ana@' }, 'Email inválido'],
    ['a number', { email: 42 }, 'Email é obrigatório'],
    ['an array', { email: ['ana@example.com'] }, 'Email é obrigatório'],
    ['10 kB', { email: `${'a'.repeat(10_000)}@example.com` }, 'Email inválido'],
    ['SQL', { email: "ana@example.com' OR 1=1 --" }, 'Email inválido'],
  ])('refuses %s with 422 and a pt-BR message', async (_case, payload, message) => {
    const response = await requestReset(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message, fields: { email: [message] } });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/password_resets',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=ana@example.com',
    });
    expect(response.statusCode).toBe(415);
  });

  it('limits requests per e-mail, whatever the address they come from', async () => {
    const email = 'muitos@example.com';
    for (let i = 0; i < RESET_REQUEST_LIMITS.perEmail.max; i += 1) {
      expect((await requestReset({ email }, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    const refused = await requestReset({ email }, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: PASSWORD_RESET_MESSAGES.throttled });
    expect((await requestReset({ email: 'outra@example.com' }, '198.51.100.99')).statusCode).toBe(
      200,
    );
  });

  it('limits requests per IP, whatever the e-mail', async () => {
    for (let i = 0; i < RESET_REQUEST_LIMITS.perIp.max; i += 1) {
      expect((await requestReset({ email: `ip${i}@example.com` })).statusCode).toBe(200);
    }
    const refused = await requestReset({ email: 'mais-um@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: PASSWORD_RESET_MESSAGES.throttled });
    expect((await requestReset({ email: 'mais-um@example.com' }, '192.0.2.200')).statusCode).toBe(
      200,
    );
  });
});

describe('GET /api/password_resets/verify/{token}', () => {
  it('is true for a fresh link and false once it is used', async () => {
    const user = await createUser(ctx.database);
    const token = await mailedToken(user);
    expect((await verify(token)).json()).toEqual({ valid: true });
    expect((await reset(token, body(NEW_PASSWORD))).statusCode).toBe(200);
    expect((await verify(token)).json()).toEqual({ valid: false });
  });

  it('keeps a link valid for 2 hours and no longer', async () => {
    const user = await createUser(ctx.database);
    const token = await mailedToken(user);
    clockOffsetMs = 2 * HOUR - 60_000;
    expect((await verify(token)).json()).toEqual({ valid: true });
    clockOffsetMs = 2 * HOUR + 1_000;
    expect((await verify(token)).json()).toEqual({ valid: false });
    const late = await reset(token, body(NEW_PASSWORD));
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ message: RESET_PASSWORD_MESSAGES.expired });
    expect(await storedPasswordHash(user.id)).toBeNull();
  });

  it('retires the older link when a new one is sent', async () => {
    const user = await createUser(ctx.database);
    const first = await mailedToken(user);
    const second = await mailedToken(user);
    expect((await verify(first)).json()).toEqual({ valid: false });
    expect((await verify(second)).json()).toEqual({ valid: true });
  });

  it.each([
    'abc',
    'x'.repeat(43),
    "' OR '1'='1",
    '%3Cscript%3E',
    'A'.repeat(90),
    encodeURIComponent('ção'.repeat(10)),
  ])('answers {valid:false} for the garbage token %#', async (token) => {
    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: false });
  });

  it('never fails with a 5xx for an oversized token', async () => {
    const response = await verify('A'.repeat(10_000));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('PUT /api/password_resets/{token}', () => {
  it('sets the new password, uses up the link, ends every session and logs it', async () => {
    const user = await createUser(ctx.database, { password: 'Antiga123' });
    const session = await signIn(ctx.app, user);
    const token = await mailedToken(user);

    const response = await reset(token, body(NEW_PASSWORD));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.done });

    const hash = await storedPasswordHash(user.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash!, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(hash!, 'Antiga123')).toBe(false);
    // The link reached the account's mailbox: the address counts as confirmed from now on.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).not.toBeNull();

    // The refresh token of the session opened before the reset no longer works.
    await expect(
      ctx.app.services.tokens.rotate(session.refresh_token, { ip, userAgent: 'vitest' }),
    ).rejects.toMatchObject({ kind: 'unauthorized' });

    const again = await reset(token, body('OutraSenha123'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'reset_token_invalid',
      message: RESET_PASSWORD_MESSAGES.expired,
    });
    expect(await verifyPassword((await storedPasswordHash(user.id))!, NEW_PASSWORD)).toBe(true);

    const logs = await ctx.database.db
      .select({ type: securityLogs.type, userId: securityLogs.userId })
      .from(securityLogs)
      .where(eq(securityLogs.userId, user.id));
    expect(logs).toContainEqual({ type: 'password_reset', userId: user.id });
  });

  it('accepts a password with accents and spaces', async () => {
    const user = await createUser(ctx.database);
    const token = await mailedToken(user);
    expect((await reset(token, body('Çãoé Senha 1'))).statusCode).toBe(200);
    expect(await verifyPassword((await storedPasswordHash(user.id))!, 'Çãoé Senha 1')).toBe(true);
  });

  it('gives an account made with Google its first password', async () => {
    const user = await createUser(ctx.database, { googleSub: 'google-only-1' });
    expect(await storedPasswordHash(user.id)).toBeNull();
    const token = await mailedToken(user);
    expect((await reset(token, body(NEW_PASSWORD))).statusCode).toBe(200);
    expect(await verifyPassword((await storedPasswordHash(user.id))!, NEW_PASSWORD)).toBe(true);
  });

  // The reset page's form holds the password to the register rule too, behind its cross mark.
  const RULE = withCrossMark(PASSWORD_MESSAGES.registerRule);
  it.each([
    ['too short', body('abc'), 'password', RULE],
    [
      'mismatch',
      body('Senha123', 'Senha124'),
      'password_confirmation',
      RESET_PASSWORD_MESSAGES.mismatch,
    ],
    ['empty', body(''), 'password', RESET_PASSWORD_MESSAGES.required],
    [
      'no confirmation',
      { password: 'Senha123' },
      'password_confirmation',
      RESET_PASSWORD_MESSAGES.required,
    ],
    [
      'numbers',
      { password: 12345678, password_confirmation: 12345678 },
      'password',
      RESET_PASSWORD_MESSAGES.required,
    ],
    ['10 kB', body('S3nha'.repeat(2_000)), 'password', withCrossMark(PASSWORD_MESSAGES.tooLong)],
    [
      '129 characters',
      body(`Aa1${'x'.repeat(126)}`),
      'password',
      withCrossMark(PASSWORD_MESSAGES.tooLong),
    ],
    ['no upper case or digit', body('abcdefgh'), 'password', RULE],
    ['6 characters', body('Abc123'), 'password', RULE],
    [
      'a line break',
      body('Segura12\nx'),
      'password',
      withCrossMark(PASSWORD_MESSAGES.controlCharacter),
    ],
    // After the rule, the server's own check: the list of common leaked passwords.
    ['a common one', body('Senha123'), 'password', PASSWORD_MESSAGES.common],
    ['a common one with a space', body('Senha 123'), 'password', PASSWORD_MESSAGES.common],
    ['a listed word and "12"', body('Botafogo12'), 'password', PASSWORD_MESSAGES.common],
  ])(
    'refuses a password with %s (422), keeping the link',
    async (_case, payload, field, message) => {
      const user = await createUser(ctx.database);
      const token = await mailedToken(user);
      const response = await reset(token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message, fields: { [field]: [message] } });
      expect(await storedPasswordHash(user.id)).toBeNull();
      expect((await verify(token)).json()).toEqual({ valid: true });
    },
  );

  it.each(['x'.repeat(43), 'abc', "'; DROP TABLE users; --"])(
    'refuses the unknown token %s with the expired-link message',
    async (token) => {
      const response = await reset(encodeURIComponent(token), body(NEW_PASSWORD));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message: RESET_PASSWORD_MESSAGES.expired });
    },
  );

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const user = await createUser(ctx.database);
    const token = await mailedToken(user);
    const answers = await Promise.all([
      reset(token, body('Primeira123')),
      reset(token, body('Segunda123')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('without SMTP_URL', () => {
  let dataDir: string;
  let offline: TestContext;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lumina-outbox-'));
    offline = await createTestContext({
      env: { DATA_DIR: dataDir, APP_URL, PAYMENTS_SANDBOX: 'true' },
    });
  });

  afterAll(async () => {
    await offline?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the reset mail to DATA_DIR/outbox, where its link works', async () => {
    const user = await createUser(offline.database, { email: 'offline@example.com' });
    const response = await offline.app.inject({
      method: 'POST',
      url: '/api/password_resets',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    // Closing waits for the queued mail, like a shutdown would.
    await offline.app.close();

    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const mail = readMail(readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8'));
    expect(mail.to).toBe('offline@example.com');
    expect(mail.subject).toBe(RESET_MAIL_SUBJECT);
    const token = /redefinir-senha\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const [row] = await offline.database.db
      .select({ usedAt: passwordResets.usedAt })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token!)));
    expect(row).toEqual({ usedAt: null });
  });
});
