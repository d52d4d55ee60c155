import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, registerThroughApi, TEST_PASSWORD, validCpf } from '../../test/accounts.ts';
import { MAIL_APP_URL, setUpMailTestApp } from '../../test/mail-test-app.ts';
import { AdminInputError, changeRole, ensureAdmin, NOT_VERIFIED } from '../users/admin.ts';
import { resetMailSubject } from '../password-resets/reset-mail.ts';
import { REGISTER_MESSAGES } from '../users/register-service.ts';
import { VERIFICATION_LIMITS, VERIFICATION_LINK_VALIDITY_MS } from './service.ts';
import {
  CHANGE_MAIL_SUBJECT,
  CHANGE_NOTICE_SUBJECT,
  VERIFY_MAIL_SUBJECT,
} from './verification-mail.ts';

/** The first start's shop name (PIX_MERCHANT_NAME's default), in the e-mails' subjects. */
const DEFAULT_SHOP = { name: 'Lumina Piercings' };

const suite = setUpMailTestApp({ ipPrefix: '198.51.100' });
let email: string;

beforeEach(() => {
  email = `pessoa${suite.sequence}@example.com`;
});

/** The token of the newest confirmation link with `subject` the SMTP server received for `to`. */
async function linkTokenIn(to: string, subject: string): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const found = suite.smtp.received.findLast(
        (m) => m.recipients.includes(to.toLowerCase()) && m.subject === subject,
      );
      if (!found) throw new Error(`no '${subject}' to ${to} yet`);
      return found;
    },
    { timeout: 5_000, interval: 20 },
  );
  const token = /confirmar-email\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no link in: ${mail.text}`);
  expect(mail.text).toContain(`${MAIL_APP_URL}/confirmar-email?token=${token}`);
  return token;
}

function confirm(token: unknown, remoteAddress = suite.ip, accessToken?: string) {
  return suite.ctx.app.inject({
    method: 'POST',
    url: '/api/email_verifications',
    payload: { token },
    headers: accessToken ? bearer(accessToken) : {},
    remoteAddress,
  });
}

async function profileOf(accessToken: string) {
  const response = await suite.ctx.app.inject({
    method: 'GET',
    url: '/api/users/profile',
    headers: bearer(accessToken),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    user: { email: string; email_verified: boolean; pending_email: string | null };
  }>().user;
}

function updateProfile(accessToken: string, user: Record<string, unknown>) {
  return suite.ctx.app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers: bearer(accessToken),
    payload: { user: { name: 'Ana Souza', cpf: validCpf(), ...user } },
  });
}

function resend(accessToken: string) {
  return suite.ctx.app.inject({
    method: 'POST',
    url: '/api/users/email_verification',
    headers: bearer(accessToken),
  });
}

describe('e-mail verification at registration', () => {
  it('mails a link at registration; following it verifies the address, once', async () => {
    const session = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    expect(await profileOf(session.accessToken)).toMatchObject({
      email,
      email_verified: false,
      pending_email: null,
    });
    const token = await linkTokenIn(email, VERIFY_MAIL_SUBJECT(DEFAULT_SHOP));

    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: EMAIL_VERIFICATION_MESSAGES.confirmed,
      email,
    });
    expect((await profileOf(session.accessToken)).email_verified).toBe(true);

    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: EMAIL_VERIFICATION_MESSAGES.invalidLink,
      code: 'verification_token_invalid',
    });
    // The outbox keeps neither the link nor the address once the e-mail went out.
    const { mailOutbox } = await import('../../db/schema/mail-outbox.ts');
    const rows = await suite.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'email_verification'));
    expect(rows.map((row) => row.textBody).join('')).not.toContain(token);
  });

  it('refuses an expired link, a made-up one and garbage with a 422, never a 5xx', async () => {
    await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const token = await linkTokenIn(email, VERIFY_MAIL_SUBJECT(DEFAULT_SHOP));
    suite.clockOffsetMs = VERIFICATION_LINK_VALIDITY_MS + 1000;
    expect((await confirm(token)).statusCode).toBe(422);
    suite.clockOffsetMs = 0;
    for (const bad of ['A'.repeat(43), 'curto', 42, null, { $ne: '' }, 'x'.repeat(5000)]) {
      const response = await confirm(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
    }
  });

  it('resends a new link (the old one stops working), says when already verified, and limits resends', async () => {
    const session = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const first = await linkTokenIn(email, VERIFY_MAIL_SUBJECT(DEFAULT_SHOP));
    suite.smtp.clear();
    const resent = await resend(session.accessToken);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ success: true, message: EMAIL_VERIFICATION_MESSAGES.resent });
    const second = await linkTokenIn(email, VERIFY_MAIL_SUBJECT(DEFAULT_SHOP));
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(422);
    expect((await confirm(second)).statusCode).toBe(200);
    const done = await resend(session.accessToken);
    expect(done.json()).toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
  });

  it(`allows ${VERIFICATION_LIMITS.linksPerUser.max} links an hour per account, also in parallel`, async () => {
    const session = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const answers = await Promise.all(Array.from({ length: 8 }, () => resend(session.accessToken)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(VERIFICATION_LIMITS.linksPerUser.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(8 - VERIFICATION_LIMITS.linksPerUser.max);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json()).toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.throttled });
  });
});

describe('changing the e-mail', () => {
  it('asks for the current password, tells the old address, and changes only when the new one confirms', async () => {
    const session = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const newEmail = `novo${suite.sequence}@example.com`;

    const withoutPassword = await updateProfile(session.accessToken, { email: newEmail });
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json()).toMatchObject({
      fields: { 'user.current_password': [EMAIL_VERIFICATION_MESSAGES.currentPasswordRequired] },
    });
    const wrong = await updateProfile(session.accessToken, {
      email: newEmail,
      current_password: 'Errada123',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      fields: { 'user.current_password': [EMAIL_VERIFICATION_MESSAGES.currentPasswordWrong] },
    });
    expect(suite.smtp.received.filter((m) => m.recipients.includes(newEmail))).toHaveLength(0);

    const asked = await updateProfile(session.accessToken, {
      email: newEmail,
      current_password: TEST_PASSWORD,
      phone: '11987654321',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      message: EMAIL_VERIFICATION_MESSAGES.changePending,
      user: { email, pending_email: newEmail, phone: '11987654321' },
    });
    const notice = await vi.waitFor(() => {
      const mail = suite.smtp.received.find(
        (m) => m.recipients.includes(email) && m.subject === CHANGE_NOTICE_SUBJECT(DEFAULT_SHOP),
      );
      if (!mail) throw new Error('no notice yet');
      return mail;
    });
    // The old address is told, without the new one in full; its only link cancels the change.
    expect(notice.text).toContain(`no***@example.com`);
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).not.toContain('confirmar-email');
    expect(notice.text).toContain("'Cancelar troca'");

    // Until the link is followed, the account answers to the old address only.
    const loginNew = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail, password: TEST_PASSWORD },
      remoteAddress: suite.ip,
    });
    expect(loginNew.statusCode).toBe(401);

    const token = await linkTokenIn(newEmail, CHANGE_MAIL_SUBJECT(DEFAULT_SHOP));
    // Followed in the browser the person is signed in with: that session stays.
    const done = await confirm(token, suite.ip, session.accessToken);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      message: EMAIL_VERIFICATION_MESSAGES.changed,
      email: newEmail,
    });
    expect(await profileOf(session.accessToken)).toMatchObject({
      email: newEmail,
      email_verified: true,
      pending_email: null,
    });
    const login = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail, password: TEST_PASSWORD },
      remoteAddress: suite.ip,
    });
    expect(login.statusCode).toBe(200);
  });

  it("keeps a pending change when the profile is saved, drops it on 'Cancelar troca', and refuses an address taken meanwhile", async () => {
    const session = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const newEmail = `disputado${suite.sequence}@example.com`;
    await updateProfile(session.accessToken, { email: newEmail, current_password: TEST_PASSWORD });
    const token = await linkTokenIn(newEmail, CHANGE_MAIL_SUBJECT(DEFAULT_SHOP));
    // Someone registers the new address before the link is followed.
    await registerThroughApi(
      suite.ctx.app,
      { email: newEmail, cpf: undefined },
      `10.0.0.${suite.sequence}`,
    );
    const taken = await confirm(token);
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ message: REGISTER_MESSAGES.emailTaken });
    expect((await profileOf(session.accessToken)).email).toBe(email);

    const other = `outro${suite.sequence}@example.com`;
    await updateProfile(session.accessToken, { email: other, current_password: TEST_PASSWORD });
    const otherToken = await linkTokenIn(other, CHANGE_MAIL_SUBJECT(DEFAULT_SHOP));
    // Saving the profile with the current e-mail (the form's other fields) keeps the change.
    const saved = await updateProfile(session.accessToken, { email, phone: '11912345678' });
    expect(saved.json()).toMatchObject({ user: { email, pending_email: other } });
    const cancelled = await suite.ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/email_change',
      headers: bearer(session.accessToken),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: EMAIL_VERIFICATION_MESSAGES.changeCancelled,
      user: { email, pending_email: null },
    });
    expect((await confirm(otherToken)).statusCode).toBe(422);
    expect((await profileOf(session.accessToken)).email).toBe(email);
  });

  it('asks an account without a password (Google only) to create one first', async () => {
    const session = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    await suite.ctx.database.db
      .update(users)
      .set({ passwordHash: null })
      .where(eq(users.email, email));
    const response = await updateProfile(session.accessToken, {
      email: `sem-senha${suite.sequence}@example.com`,
      current_password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      fields: { 'user.current_password': [EMAIL_VERIFICATION_MESSAGES.noPassword] },
    });
  });
});

/** The 'Cancelar troca' link of the newest notice the old address `to` received. */
async function cancelTokenIn(to: string): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const found = suite.smtp.received.findLast(
        (m) =>
          m.recipients.includes(to.toLowerCase()) &&
          m.subject === CHANGE_NOTICE_SUBJECT(DEFAULT_SHOP),
      );
      if (!found) throw new Error(`no notice to ${to} yet`);
      return found;
    },
    { timeout: 5_000, interval: 20 },
  );
  const link = /(\S+\/api\/email_change_cancellations\?token=([\w-]{43}))/.exec(mail.text ?? '');
  if (!link?.[2]) throw new Error(`no cancel link in: ${mail.text}`);
  expect(link[1]).toBe(`${MAIL_APP_URL}/api/email_change_cancellations?token=${link[2]}`);
  expect(mail.html).toContain('Cancelar troca');
  return link[2];
}

/** Someone signed in with the password asks to move the account to `to`; answers its link. */
async function startChange(accessToken: string, to: string): Promise<string> {
  const asked = await updateProfile(accessToken, { email: to, current_password: TEST_PASSWORD });
  expect(asked.statusCode).toBe(200);
  return linkTokenIn(to, CHANGE_MAIL_SUBJECT(DEFAULT_SHOP));
}

/** Asks for a reset link for `to` and answers its token. */
async function resetTokenFor(to: string): Promise<string> {
  const asked = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/password_resets',
    payload: { email: to },
    remoteAddress: suite.ip,
  });
  expect(asked.statusCode).toBe(200);
  const mail = await vi.waitFor(
    () => {
      const found = suite.smtp.received.findLast(
        (m) =>
          m.recipients.includes(to.toLowerCase()) && m.subject === resetMailSubject(DEFAULT_SHOP),
      );
      if (!found) throw new Error(`no reset mail to ${to} yet`);
      return found;
    },
    { timeout: 5_000, interval: 20 },
  );
  const token = /redefinir-senha\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
}

function resetPassword(token: string, password = 'OutraSenha123') {
  return suite.ctx.app.inject({
    method: 'PUT',
    url: `/api/password_resets/${token}`,
    payload: { password, password_confirmation: password },
  });
}

function refresh(refreshToken: string) {
  return suite.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: refreshToken },
  });
}

describe('a pending e-mail change and the password', () => {
  it('a password reset drops the pending change: its link no longer moves the account', async () => {
    const owner = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    // Someone who knew the password asks to move the account to their own mailbox.
    const attackerLink = await startChange(
      owner.accessToken,
      `intruso${suite.sequence}@example.com`,
    );
    // The owner resets the password (which ends every session)...
    expect((await resetPassword(await resetTokenFor(email))).statusCode).toBe(200);
    // ...and the link in the other mailbox no longer takes the account.
    const late = await confirm(attackerLink);
    expect(late.statusCode).toBe(422);
    const [row] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, owner.userId));
    expect(row).toMatchObject({ email, pendingEmail: null });
  });

  it('a password change drops the pending change too', async () => {
    const owner = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const attackerLink = await startChange(
      owner.accessToken,
      `intruso${suite.sequence}@example.com`,
    );
    const changed = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/users/change_password',
      headers: bearer(owner.accessToken),
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'OutraSenha123',
        new_password_confirmation: 'OutraSenha123',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await profileOf(owner.accessToken)).pending_email).toBeNull();
    expect((await confirm(attackerLink)).statusCode).toBe(422);
    expect((await profileOf(owner.accessToken)).email).toBe(email);
  });

  it("'Cancelar troca' in the notice to the old address cancels the change, without signing in", async () => {
    const owner = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const attackerLink = await startChange(
      owner.accessToken,
      `intruso${suite.sequence}@example.com`,
    );
    const cancelToken = await cancelTokenIn(email);
    const url = `/api/email_change_cancellations?token=${cancelToken}`;

    // Opening the link changes nothing (mail scanners open links): it shows a button.
    const page = await suite.ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Cancelar troca');
    expect(page.body).toContain(`value="${cancelToken}"`);
    expect((await profileOf(owner.accessToken)).pending_email).not.toBeNull();

    const post = () =>
      suite.ctx.app.inject({
        method: 'POST',
        url: '/api/email_change_cancellations',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${cancelToken}`,
      });
    const cancelled = await post();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.headers['content-type']).toContain('text/html');
    expect(cancelled.body).toContain('Troca de e-mail cancelada');
    expect((await profileOf(owner.accessToken)).pending_email).toBeNull();
    expect((await confirm(attackerLink)).statusCode).toBe(422);

    // Used once: the link and the button now say so, with a 4xx.
    const again = await post();
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('expirou ou já foi usado');
    expect((await suite.ctx.app.inject({ method: 'GET', url })).statusCode).toBe(422);
    for (const token of ['', 'x'.repeat(5000), "'; drop table users; --"]) {
      const bad = await suite.ctx.app.inject({
        method: 'GET',
        url: `/api/email_change_cancellations?token=${encodeURIComponent(token)}`,
      });
      expect(bad.statusCode).toBe(422);
    }
    // The cancel link is not a confirmation link, nor the other way round.
    expect((await confirm(cancelToken)).statusCode).toBe(422);
  });

  it('a completed change retires reset links sent to the old address and ends the other sessions', async () => {
    const owner = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const other = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: suite.ip,
    });
    const otherTokens = other.json<{ access_token: string; refresh_token: string }>();
    const oldReset = await resetTokenFor(email);
    const newEmail = `mudou${suite.sequence}@example.com`;
    const link = await startChange(owner.accessToken, newEmail);

    // Confirmed from the owner's own session: that one stays, the others end.
    const done = await confirm(link, suite.ip, owner.accessToken);
    expect(done.statusCode).toBe(200);
    expect((await profileOf(owner.accessToken)).email).toBe(newEmail);
    expect((await refresh(owner.refreshToken)).statusCode).toBe(200);
    const ended = await suite.ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(otherTokens.access_token),
    });
    expect(ended.statusCode).toBe(401);
    expect((await refresh(otherTokens.refresh_token)).statusCode).toBe(401);
    // A reset link mailed to the old address no longer opens the account.
    expect((await resetPassword(oldReset)).statusCode).toBe(422);
  });

  it('a change confirmed without a session ends every session of the account', async () => {
    const owner = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    const link = await startChange(owner.accessToken, `mudou${suite.sequence}@example.com`);
    expect((await confirm(link)).statusCode).toBe(200);
    expect((await refresh(owner.refreshToken)).statusCode).toBe(401);
  });
});

describe('takeover by pre-registration', () => {
  it('an unverified account cannot be made administrator, by the CLI or a role change', async () => {
    // Someone registers the shop's future admin address before the owner runs admin:create.
    const squat = await registerThroughApi(suite.ctx.app, { email }, suite.ip);
    await expect(
      ensureAdmin(suite.ctx.database, {
        email,
        password: 'Operador#2026x',
        promote: true,
        setPassword: true,
        source: 'cli',
      }),
    ).rejects.toThrow(new AdminInputError(NOT_VERIFIED));
    expect(
      await changeRole(suite.ctx.database, { userId: squat.userId, role: 'admin', source: 'test' }),
    ).toBe('not_verified');
    const [row] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, squat.userId));
    expect(row?.role).toBe('customer');

    // Once the address's owner follows the link, the operator can promote it.
    expect(
      (await confirm(await linkTokenIn(email, VERIFY_MAIL_SUBJECT(DEFAULT_SHOP)))).statusCode,
    ).toBe(200);
    expect(
      await changeRole(suite.ctx.database, { userId: squat.userId, role: 'admin', source: 'test' }),
    ).toBe('changed');
  });
});
