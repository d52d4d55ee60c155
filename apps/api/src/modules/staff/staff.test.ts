import { STAFF_MESSAGES } from '@lumina/shared/admin/staff';
import type { StaffRole } from '@lumina/shared/admin/staff-roles';
import { PASSWORD_MESSAGES } from '@lumina/shared/validation/password';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { securityLogs } from '../../db/schema/security.ts';
import { staffInvitations } from '../../db/schema/staff.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { MAIL_APP_URL, setUpMailTestApp } from '../../test/mail-test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { hashToken } from '../auth/token-service.ts';
import { invitationMailSubject } from './invitation-mail.ts';

const PASSWORD = 'Equipe#2026x';
const DAY = 24 * 60 * 60 * 1000;

const suite = setUpMailTestApp({ ipPrefix: '203.0.113' });

async function staffMember(staffRole: StaffRole, overrides: Partial<UserRow> = {}) {
  const user = await createUser(suite.ctx.database, {
    role: 'admin',
    staffRole,
    password: PASSWORD,
    ...overrides,
  });
  const session = await signIn(suite.ctx.app, user);
  return { user, session, headers: bearerHeader(session.access_token) };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  return suite.ctx.app.inject({
    method,
    url,
    headers,
    remoteAddress: suite.ip,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const invite = (headers: Record<string, string>, email: string, role: StaffRole) =>
  call('POST', '/api/admin/staff', headers, { staff: { email, role } });

const accept = (token: string, body: Record<string, unknown> = acceptBody()) =>
  call('POST', `/api/staff_invitations/${token}`, {}, body);

function acceptBody(name = 'Bruna Tavares', password = 'Convite#Forte9') {
  return { name, password, password_confirmation: password };
}

/** The token of the newest invitation mailed to `to`. */
async function mailedToken(to: string): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const found = suite.smtp.received.findLast((m) => m.recipients.includes(to));
      if (!found) throw new Error(`no invitation to ${to} yet`);
      return found;
    },
    { timeout: 5_000, interval: 20 },
  );
  const token = /\/convite\/([\w-]{43})/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no link in: ${mail.text}`);
  expect(mail.text).toContain(`${MAIL_APP_URL}/convite/${token}`);
  return token;
}

function login(email: string, password: string) {
  return suite.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: suite.ip,
  });
}

async function logTypes(actorId: number) {
  const rows = await suite.ctx.database.db
    .select({ type: securityLogs.type })
    .from(securityLogs)
    .where(eq(securityLogs.userId, actorId))
    .orderBy(desc(securityLogs.id));
  return rows.map((row) => row.type);
}

describe('inviting and accepting', () => {
  it('mails a link; accepting creates the staff account with the role, which can sign in', async () => {
    const owner = await staffMember('owner');
    const email = `convidada${suite.sequence}@example.com`;

    const invited = await invite(owner.headers, `  ${email.toUpperCase()} `, 'operator');
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      invitation: { email, role: 'operator', invited_by: { id: owner.user.id } },
    });

    const token = await mailedToken(email);
    const mail = suite.smtp.received.findLast((m) => m.recipients.includes(email));
    expect(mail?.subject).toBe(invitationMailSubject({ name: 'Lumina Piercings' }));
    expect(mail?.text).toContain('Operador');
    expect(mail?.text).toContain('7 dias');
    // Only the hash is stored: the database alone opens no invitation.
    const [stored] = await suite.ctx.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, email));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(7 * DAY);

    const list = await call('GET', '/api/admin/staff', owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ invitations: { email: string }[] }>().invitations).toContainEqual(
      expect.objectContaining({ email, role: 'operator' }),
    );

    const preview = await call('GET', `/api/staff_invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      invitation: { email, role: 'operator', shop_name: 'Lumina Piercings' },
    });
    expect(preview.headers['cache-control']).toBe('no-store');

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ success: true, message: STAFF_MESSAGES.accepted, email });

    const [account] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, email));
    expect(account).toMatchObject({ role: 'admin', staffRole: 'operator', name: 'Bruna Tavares' });
    expect(account?.emailVerifiedAt).not.toBeNull();

    const signedIn = await login(email, 'Convite#Forte9');
    expect(signedIn.statusCode).toBe(200);
    const headers = bearerHeader(signedIn.json<{ access_token: string }>().access_token);
    // An operator reaches orders, not the team.
    expect((await call('GET', '/api/admin/orders', headers)).statusCode).toBe(200);
    const team = await call('GET', '/api/admin/staff', headers);
    expect(team.statusCode).toBe(403);
    expect(team.json()).toMatchObject({ code: 'permission_denied' });

    const after = await call('GET', '/api/admin/staff', owner.headers);
    const body = after.json<{ staff: { email: string }[]; invitations: { email: string }[] }>();
    expect(body.staff).toContainEqual(expect.objectContaining({ email, role: 'operator' }));
    expect(body.invitations.map((i) => i.email)).not.toContain(email);

    expect(await logTypes(owner.user.id)).toContain('staff_invited');
    expect(await logTypes(account!.id)).toContain('staff_invitation_accepted');
  });

  it('refuses the same link a second time, and two acceptances at once let one through', async () => {
    const owner = await staffMember('owner');
    const email = `duas-vezes${suite.sequence}@example.com`;
    await invite(owner.headers, email, 'catalogue');
    const token = await mailedToken(email);

    const answers = await Promise.all([accept(token), accept(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);

    const again = await accept(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'invitation_used',
      message: STAFF_MESSAGES.usedLink,
    });
    expect((await call('GET', `/api/staff_invitations/${token}`)).statusCode).toBe(422);
  });

  it('refuses an expired link', async () => {
    const owner = await staffMember('owner');
    const email = `expirada${suite.sequence}@example.com`;
    await invite(owner.headers, email, 'manager');
    const token = await mailedToken(email);
    suite.clockOffsetMs = 7 * DAY + 1_000;
    for (const answer of [
      await call('GET', `/api/staff_invitations/${token}`),
      await accept(token),
    ]) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({
        code: 'invitation_expired',
        message: STAFF_MESSAGES.expiredLink,
      });
    }
    const [account] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, email));
    expect(account).toBeUndefined();
  });

  it.each(['x'.repeat(43), 'abc', "' OR '1'='1", 'A'.repeat(600)])(
    'refuses the forged token %# with a 4xx',
    async (token) => {
      for (const answer of [
        await call('GET', `/api/staff_invitations/${encodeURIComponent(token)}`),
        await accept(encodeURIComponent(token)),
      ]) {
        expect(answer.statusCode).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode).toBeLessThan(500);
      }
      const known = await accept('y'.repeat(43));
      expect(known.statusCode).toBe(404);
      expect(known.json()).toMatchObject({ message: STAFF_MESSAGES.invalidLink });
    },
  );

  it('replaces the pending invitation of an address: the older link stops working', async () => {
    const owner = await staffMember('owner');
    const email = `de-novo${suite.sequence}@example.com`;
    await invite(owner.headers, email, 'operator');
    const first = await mailedToken(email);
    suite.smtp.clear();
    await invite(owner.headers, email, 'manager');
    const second = await mailedToken(email);

    const old = await accept(first);
    expect(old.statusCode).toBe(422);
    expect(old.json()).toMatchObject({ code: 'invitation_revoked' });
    expect((await accept(second)).statusCode).toBe(201);
    const [account] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, email));
    expect(account?.staffRole).toBe('manager');
  });

  it('refuses a cancelled invitation', async () => {
    const owner = await staffMember('owner');
    const email = `cancelada${suite.sequence}@example.com`;
    const invited = await invite(owner.headers, email, 'operator');
    const token = await mailedToken(email);
    const id = invited.json<{ invitation: { id: number } }>().invitation.id;
    expect(
      (await call('DELETE', `/api/admin/staff/invitations/${id}`, owner.headers)).statusCode,
    ).toBe(204);
    const refused = await accept(token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: STAFF_MESSAGES.revokedLink });
    expect(
      (await call('DELETE', `/api/admin/staff/invitations/${id}`, owner.headers)).statusCode,
    ).toBe(404);
  });

  it('refuses an invitation whose address someone registered meanwhile', async () => {
    const owner = await staffMember('owner');
    const email = `tomada${suite.sequence}@example.com`;
    await invite(owner.headers, email, 'operator');
    const token = await mailedToken(email);
    await createUser(suite.ctx.database, { email });
    const refused = await accept(token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: STAFF_MESSAGES.emailTaken });
  });

  it("does not accept another address's account with a token: the account gets the invited e-mail", async () => {
    const owner = await staffMember('owner');
    const invitedEmail = `certa${suite.sequence}@example.com`;
    await invite(owner.headers, invitedEmail, 'catalogue');
    const token = await mailedToken(invitedEmail);
    // A body naming another address is not the contract's: the e-mail is the invitation's.
    const answer = await accept(token, {
      ...acceptBody(),
      email: `outra${suite.sequence}@example.com`,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ email: invitedEmail });
    const [other] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, `outra${suite.sequence}@example.com`));
    expect(other).toBeUndefined();
  });

  it('refuses staff and customer addresses, and bad input, in pt-BR', async () => {
    const owner = await staffMember('owner');
    const colleague = await staffMember('manager');
    const customer = await createUser(suite.ctx.database);

    const staffAgain = await invite(owner.headers, colleague.user.email, 'operator');
    expect(staffAgain.statusCode).toBe(422);
    expect(staffAgain.json()).toMatchObject({ message: STAFF_MESSAGES.alreadyStaff });
    const customerAddress = await invite(owner.headers, customer.email, 'operator');
    expect(customerAddress.statusCode).toBe(422);
    expect(customerAddress.json()).toMatchObject({ message: STAFF_MESSAGES.customerAccount });

    const badRole = await invite(owner.headers, 'x@example.com', 'chefe' as StaffRole);
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json()).toMatchObject({
      fields: { 'staff.role': [STAFF_MESSAGES.roleRequired] },
    });
    expect((await invite(owner.headers, 'nao-e-email', 'operator')).statusCode).toBe(422);
  });

  it('holds the password to the register rules', async () => {
    const owner = await staffMember('owner');
    const email = `senha${suite.sequence}@example.com`;
    await invite(owner.headers, email, 'operator');
    const token = await mailedToken(email);
    const common = await accept(token, acceptBody('Bruna Tavares', 'Senha123'));
    expect(common.statusCode).toBe(422);
    expect(common.json()).toMatchObject({ message: PASSWORD_MESSAGES.common });
    const mismatch = await accept(token, {
      name: 'Bruna Tavares',
      password: 'Convite#Forte9',
      password_confirmation: 'Outra#Forte9',
    });
    expect(mismatch.statusCode).toBe(422);
    // The link still works after a refused form.
    expect((await accept(token)).statusCode).toBe(201);
  });
});

describe('roles and removal', () => {
  it('a role change takes effect on the next request and ends the sessions', async () => {
    const owner = await staffMember('owner');
    const manager = await staffMember('manager');
    expect((await call('GET', '/api/admin/coupons', manager.headers)).statusCode).toBe(200);

    const changed = await call('PUT', `/api/admin/staff/${manager.user.id}`, owner.headers, {
      staff: { role: 'catalogue' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ staff: { id: manager.user.id, role: 'catalogue' } });

    const next = await call('GET', '/api/admin/coupons', manager.headers);
    expect([401, 403]).toContain(next.statusCode);
    await expect(
      suite.ctx.app.services.tokens.rotate(manager.session.refresh_token, {
        ip: suite.ip,
        userAgent: 'vitest',
      }),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
    // Signed in again, the new role's rights.
    const fresh = bearerHeader((await signIn(suite.ctx.app, manager.user)).access_token);
    expect((await call('GET', '/api/admin/coupons', fresh)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/products', fresh)).statusCode).toBe(200);
    expect(await logTypes(owner.user.id)).toContain('staff_role_changed');
  });

  it('removal makes the person a customer and ends their sessions at once', async () => {
    const owner = await staffMember('owner');
    const operator = await staffMember('operator');
    expect((await call('GET', '/api/admin/orders', operator.headers)).statusCode).toBe(200);

    const removed = await call('DELETE', `/api/admin/staff/${operator.user.id}`, owner.headers);
    expect(removed.statusCode).toBe(204);

    const [row] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, operator.user.id));
    expect(row).toMatchObject({ role: 'customer', staffRole: null });
    const refused = await call('GET', '/api/admin/orders', operator.headers);
    expect([401, 403]).toContain(refused.statusCode);
    const refresh = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: operator.session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    // Signed in again, the person is a customer.
    const again = bearerHeader((await signIn(suite.ctx.app, operator.user)).access_token);
    const asCustomer = await call('GET', '/api/admin/orders', again);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ code: 'admin_only' });
    expect(await logTypes(owner.user.id)).toContain('staff_removed');

    expect(
      (await call('DELETE', `/api/admin/staff/${operator.user.id}`, owner.headers)).statusCode,
    ).toBe(404);
  });

  it('keeps the last owner: no demotion, no removal, not even of oneself', async () => {
    // Every other owner of the shared database steps down first, so one owner is left.
    const owner = await staffMember('owner');
    const others = await suite.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.staffRole, 'owner'));
    for (const other of others) {
      if (other.id === owner.user.id) continue;
      const demoted = await call('PUT', `/api/admin/staff/${other.id}`, owner.headers, {
        staff: { role: 'manager' },
      });
      expect(demoted.statusCode).toBe(200);
    }

    const demote = await call('PUT', `/api/admin/staff/${owner.user.id}`, owner.headers, {
      staff: { role: 'manager' },
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json()).toMatchObject({ code: 'last_owner', message: STAFF_MESSAGES.lastOwner });
    const remove = await call('DELETE', `/api/admin/staff/${owner.user.id}`, owner.headers);
    expect(remove.statusCode).toBe(422);
    expect(remove.json()).toMatchObject({ message: STAFF_MESSAGES.lastOwner });

    // With a second owner, the two demoting each other at once leave one owner.
    const second = await staffMember('owner');
    const answers = await Promise.all([
      call('PUT', `/api/admin/staff/${second.user.id}`, owner.headers, {
        staff: { role: 'manager' },
      }),
      call('DELETE', `/api/admin/staff/${owner.user.id}`, second.headers),
    ]);
    const owners = await suite.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.staffRole, 'owner'));
    expect(owners.length).toBeGreaterThanOrEqual(1);
    expect(answers.some((a) => a.statusCode >= 400)).toBe(true);
  });

  it('refuses non-owners with 403 and anonymous callers with 401', async () => {
    const manager = await staffMember('manager');
    const customer = await createUser(suite.ctx.database);
    const customerHeaders = bearerHeader((await signIn(suite.ctx.app, customer)).access_token);
    for (const [method, url] of [
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/staff'],
      ['PUT', `/api/admin/staff/${manager.user.id}`],
      ['DELETE', `/api/admin/staff/${manager.user.id}`],
    ] as const) {
      const payload =
        method === 'POST' ? { staff: { email: 'a@example.com', role: 'owner' } } : undefined;
      expect((await call(method, url, manager.headers, payload)).statusCode).toBe(403);
      expect((await call(method, url, customerHeaders, payload)).statusCode).toBe(403);
      expect((await call(method, url, {}, payload)).statusCode).toBe(401);
    }
  });

  it('answers 404 for an unknown or non-staff id', async () => {
    const owner = await staffMember('owner');
    const customer = await createUser(suite.ctx.database);
    for (const id of ['999999', String(customer.id), 'abc']) {
      const answer = await call('PUT', `/api/admin/staff/${id}`, owner.headers, {
        staff: { role: 'manager' },
      });
      expect(answer.statusCode).toBe(404);
    }
  });
});
