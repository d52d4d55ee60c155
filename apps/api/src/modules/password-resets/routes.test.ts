import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESET_PASSWORD_MESSAGES, withCrossMark } from '@lumina/shared/users/reset-password-schema';
import { PASSWORD_MESSAGES } from '@lumina/shared/validation/password';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema/auth-tokens.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { readMail } from '../../integrations/mail/read-mail.ts';
import { MAIL_APP_URL, setUpMailTestApp } from '../../test/mail-test-app.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser, signIn } from '../../test/user-builder.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/token-service.ts';
import { resetMailSubject } from './reset-mail.ts';
import { PASSWORD_RESET_MESSAGES, RESET_REQUEST_LIMITS } from './service.ts';

/** The first start's shop name (PIX_MERCHANT_NAME's default), in the e-mails' subjects. */
const DEFAULT_SHOP = { name: 'Lumina Piercings' };

const NEW_PASSWORD = 'NovaSenha123';
const HOUR = 60 * 60 * 1000;

const suite = setUpMailTestApp({ ipPrefix: '203.0.113', clearMail: true });

function requestReset(payload: Record<string, unknown>, remoteAddress = suite.ip) {
  return suite.ctx.app.inject({
    method: 'POST',
    url: '/api/password_resets',
    payload,
    remoteAddress,
  });
}

function verify(token: string) {
  return suite.ctx.app.inject({ method: 'GET', url: `/api/password_resets/verify/${token}` });
}

function reset(token: string, payload: Record<string, unknown>) {
  return suite.ctx.app.inject({ method: 'PUT', url: `/api/password_resets/${token}`, payload });
}

const body = (password: string, confirmation = password) => ({
  password,
  password_confirmation: confirmation,
});

/** Asks for a link for `user` and reads the token out of the mail the SMTP server received. */
async function mailedToken(user: UserRow): Promise<string> {
  expect((await requestReset({ email: user.email })).statusCode).toBe(200);
  const mail = await suite.smtp.waitForMail(user.email);
  suite.smtp.clear();
  const token = /redefinir-senha\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no link in the mail: ${mail.text}`);
  return token;
}

let sentinels = 0;

/**
 * Waits until the reset mails queued so far are handled: they go one at a time, so once a mail
 * asked for afterwards arrives, the earlier ones are done. Then forgets it.
 */
async function settled(): Promise<void> {
  sentinels += 1;
  const sentinel = await createUser(suite.ctx.database);
  const before = suite.smtp.received.length;
  expect(
    (await requestReset({ email: sentinel.email }, `192.0.2.${100 + sentinels}`)).statusCode,
  ).toBe(200);
  await suite.smtp.waitForMail(sentinel.email);
  suite.smtp.received.splice(before);
}

async function tokenOf(mail: { text?: string | undefined }): Promise<string> {
  const token = /redefinir-senha\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no link in the mail: ${mail.text}`);
  return Promise.resolve(token);
}

/** The account's links that still work, with their expiry. */
function liveLinks(userId: number) {
  return suite.ctx.database.db
    .select({ expiresAt: passwordResets.expiresAt })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date(Date.now() + suite.clockOffsetMs)),
      ),
    );
}

async function storedPasswordHash(userId: number) {
  const [row] = await suite.ctx.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.hash ?? null;
}

describe('POST /api/password_resets', () => {
  it('answers a customer and an unknown e-mail alike, and mails only the customer', async () => {
    const ana = await createUser(suite.ctx.database, { name: 'Ana Souza', password: 'Antiga123' });

    const unknown = await requestReset({ email: 'ninguem@example.com' });
    const known = await requestReset({ email: ana.email });

    for (const response of [unknown, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(known.body).toBe(unknown.body);

    const mail = await suite.smtp.waitForMail(ana.email);
    // Mails go out one after the other, so the unknown address was handled before Ana's.
    expect(suite.smtp.received).toHaveLength(1);
    expect(mail.subject).toBe(resetMailSubject(DEFAULT_SHOP));
    expect(mail.from).toBe('Lumina Piercings <nao-responda@lumina.local>');
    expect(mail.text).toContain('Olá, Ana!');
    expect(mail.text).toContain('2 horas');
    const token = /http:\/\/loja\.test\/redefinir-senha\?token=([\w-]{43})\n/.exec(
      mail.text ?? '',
    )?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`href="${MAIL_APP_URL}/redefinir-senha?token=${token}"`);

    const rows = await suite.ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, ana.id));
    expect(rows).toHaveLength(1);
    // Only the hash is stored: the database alone cannot reset anyone's password.
    expect(rows[0]?.tokenHash).toBe(hashToken(token!));
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(2 * HOUR);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const user = await createUser(suite.ctx.database, { email: 'bia.lima@example.com' });
    expect((await requestReset({ email: '  Bia.Lima@EXAMPLE.com ' })).statusCode).toBe(200);
    const mail = await suite.smtp.waitForMail(user.email);
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
    const response = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/password_resets',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=ana@example.com',
    });
    expect(response.statusCode).toBe(415);
  });

  it("does not let requests from elsewhere use up the owner's own", async () => {
    const ana = await createUser(suite.ctx.database, { email: 'alvo@example.com' });
    // A stranger asks for Ana's link over and over, from three places.
    for (const source of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      for (let i = 0; i <= RESET_REQUEST_LIMITS.perEmailSource.max; i += 1) {
        expect((await requestReset({ email: ana.email }, source)).statusCode).toBe(200);
      }
    }
    await settled();
    suite.smtp.clear();
    // Ana, from home, still gets a link that works.
    const own = await requestReset({ email: ana.email }, '192.0.2.77');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    const token = await tokenOf(await suite.smtp.waitForMail(ana.email));
    expect((await reset(token, body(NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('past the limit of one source, answers the same and mails the live link again instead of a new one', async () => {
    const ana = await createUser(suite.ctx.database);
    const tokens: string[] = [];
    for (let i = 0; i < RESET_REQUEST_LIMITS.perEmailSource.max; i += 1) {
      expect((await requestReset({ email: ana.email })).statusCode).toBe(200);
      tokens.push(await tokenOf(await suite.smtp.waitForMail(ana.email)));
      suite.smtp.clear();
      suite.clockOffsetMs += 10 * 60 * 1000;
    }
    const live = await liveLinks(ana.id);
    expect(live).toHaveLength(1);

    const answers = [await requestReset({ email: ana.email })];
    // An address nobody has, past the same limit, is answered alike.
    for (let i = 0; i <= RESET_REQUEST_LIMITS.perEmailSource.max; i += 1) {
      answers.push(await requestReset({ email: 'ninguem-aqui@example.com' }));
    }
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    }
    const again = await tokenOf(await suite.smtp.waitForMail(ana.email));
    // The database holds hashes only, so "the same link" is a new token with the live link's
    // expiry: the mailed link works, lives no longer than the one it replaces, which retires.
    expect(await liveLinks(ana.id)).toEqual([{ expiresAt: live[0]?.expiresAt }]);
    expect((await verify(tokens.at(-1) ?? '')).json()).toEqual({ valid: false });
    expect((await verify(again)).json()).toEqual({ valid: true });

    // Once no link is live (used), a source past its limit gets nothing new this hour.
    expect((await reset(again, body(NEW_PASSWORD))).statusCode).toBe(200);
    suite.smtp.clear();
    expect((await requestReset({ email: ana.email })).statusCode).toBe(200);
    await settled();
    expect(suite.smtp.received).toHaveLength(0);
  });

  it('limits requests per source, whatever the e-mail; an IPv6 /64 is one source', async () => {
    const net = `2001:db8:${suite.sequence}:7`;
    for (let i = 0; i < RESET_REQUEST_LIMITS.perSource.max; i += 1) {
      const response = await requestReset({ email: `ip${i}@example.com` }, `${net}::${i + 1}`);
      expect(response.statusCode).toBe(200);
    }
    const refused = await requestReset({ email: 'mais-um@example.com' }, `${net}::abcd`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: PASSWORD_RESET_MESSAGES.throttled });
    expect(
      (await requestReset({ email: 'mais-um@example.com' }, `2001:db8:${suite.sequence}:8::1`))
        .statusCode,
    ).toBe(200);
  });
});

describe('GET /api/password_resets/verify/{token}', () => {
  it('is true for a fresh link and false once it is used', async () => {
    const user = await createUser(suite.ctx.database);
    const token = await mailedToken(user);
    expect((await verify(token)).json()).toEqual({ valid: true });
    expect((await reset(token, body(NEW_PASSWORD))).statusCode).toBe(200);
    expect((await verify(token)).json()).toEqual({ valid: false });
  });

  it('keeps a link valid for 2 hours and no longer', async () => {
    const user = await createUser(suite.ctx.database);
    const token = await mailedToken(user);
    suite.clockOffsetMs = 2 * HOUR - 60_000;
    expect((await verify(token)).json()).toEqual({ valid: true });
    suite.clockOffsetMs = 2 * HOUR + 1_000;
    expect((await verify(token)).json()).toEqual({ valid: false });
    const late = await reset(token, body(NEW_PASSWORD));
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ message: RESET_PASSWORD_MESSAGES.expired });
    expect(await storedPasswordHash(user.id)).toBeNull();
  });

  it('retires the older link when a new one is sent', async () => {
    const user = await createUser(suite.ctx.database);
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
    const user = await createUser(suite.ctx.database, { password: 'Antiga123' });
    const session = await signIn(suite.ctx.app, user);
    const token = await mailedToken(user);

    const response = await reset(token, body(NEW_PASSWORD));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.done });

    const hash = await storedPasswordHash(user.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash!, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(hash!, 'Antiga123')).toBe(false);
    // The link reached the account's mailbox: the address counts as confirmed from now on.
    const [row] = await suite.ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).not.toBeNull();

    // The refresh token of the session opened before the reset no longer works.
    await expect(
      suite.ctx.app.services.tokens.rotate(session.refresh_token, {
        ip: suite.ip,
        userAgent: 'vitest',
      }),
    ).rejects.toMatchObject({ kind: 'unauthorized' });

    const again = await reset(token, body('OutraSenha123'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'reset_token_invalid',
      message: RESET_PASSWORD_MESSAGES.expired,
    });
    expect(await verifyPassword((await storedPasswordHash(user.id))!, NEW_PASSWORD)).toBe(true);

    const logs = await suite.ctx.database.db
      .select({ type: securityLogs.type, userId: securityLogs.userId })
      .from(securityLogs)
      .where(eq(securityLogs.userId, user.id));
    expect(logs).toContainEqual({ type: 'password_reset', userId: user.id });
  });

  it('accepts a password with accents and spaces', async () => {
    const user = await createUser(suite.ctx.database);
    const token = await mailedToken(user);
    expect((await reset(token, body('Çãoé Senha 1'))).statusCode).toBe(200);
    expect(await verifyPassword((await storedPasswordHash(user.id))!, 'Çãoé Senha 1')).toBe(true);
  });

  it('gives an account made with Google its first password', async () => {
    const user = await createUser(suite.ctx.database, { googleSub: 'google-only-1' });
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
      const user = await createUser(suite.ctx.database);
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
    const user = await createUser(suite.ctx.database);
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
      env: { DATA_DIR: dataDir, APP_URL: MAIL_APP_URL, PAYMENTS_SANDBOX: 'true' },
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
    expect(mail.subject).toBe(resetMailSubject(DEFAULT_SHOP));
    const token = /redefinir-senha\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const [row] = await offline.database.db
      .select({ usedAt: passwordResets.usedAt })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token!)));
    expect(row).toEqual({ usedAt: null });
  });
});
