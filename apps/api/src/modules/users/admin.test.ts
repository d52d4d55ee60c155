import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@lumina/shared/admin/staff-roles';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdminCreate, USAGE } from '../../../scripts/admin-create.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { bearer, registerThroughApi, truncateAccounts } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { authenticate, requirePermission } from '../auth/authenticate.ts';
import { verifyPassword } from '../auth/passwords.ts';
import {
  ADMIN_EMAIL_NOT_PROMOTED,
  AdminInputError,
  changeRole,
  ensureAdmin,
  ensureAdminAtStart,
  ensureAdminFromConfig,
  NO_SUCH_ACCOUNT,
  NOT_AN_ADMIN,
  PROMOTE_NEEDED,
} from './admin.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

beforeEach(async () => {
  await truncateAccounts(ctx.database);
});

afterAll(async () => {
  await ctx?.close();
});

async function userByEmail(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function roleLogs() {
  return ctx.database.db
    .select()
    .from(securityLogs)
    .where(eq(securityLogs.type, 'role_changed'))
    .orderBy(securityLogs.id);
}

function login(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

function refresh(refreshToken: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: refreshToken },
  });
}

/** What the server logs, line by line (a stand-in for pino's level methods). */
function logCollector() {
  const lines: { level: 'info' | 'warn'; args: unknown[] }[] = [];
  return {
    lines,
    logger: {
      info: (...args: unknown[]) => void lines.push({ level: 'info', args }),
      warn: (...args: unknown[]) => void lines.push({ level: 'warn', args }),
    },
  };
}

describe('administrators', () => {
  it('there is none until one is created', async () => {
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toEqual([]);
  });

  it('npm run admin:create creates one who can log in as admin', async () => {
    const line = await runAdminCreate(ctx.database, [
      '--email',
      'Dona@Loja.com',
      '--password',
      'Dona2025Loja',
      '--name',
      'Dona da Loja',
    ]);
    expect(line).toBe('Administrador criado: dona@loja.com');
    const row = await userByEmail('dona@loja.com');
    expect(row).toMatchObject({ role: 'admin', staffRole: 'owner', name: 'Dona da Loja' });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(row?.passwordHash ?? '', 'Dona2025Loja')).toBe(true);
    expect((await roleLogs()).map((l) => l.message)).toEqual(['Administrador criado']);

    const answer = await login('dona@loja.com', 'Dona2025Loja');
    expect(answer.json<{ user: Record<string, unknown> }>().user).toMatchObject({
      role: 'admin',
      staff_role: 'owner',
      permissions: [...PERMISSIONS],
    });
  });

  it('promotes an existing customer only with --promote: role logged, password set, sessions ended', async () => {
    const customer = await registerThroughApi(ctx.app, { email: 'bia@example.com', cpf: '' });
    // Only an address its owner confirmed can be promoted (email-verification.test.ts).
    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, customer.userId));
    const args = ['--email', 'bia@example.com', '--password', 'Outra1234'];
    await expect(runAdminCreate(ctx.database, args)).rejects.toThrow(
      new AdminInputError(PROMOTE_NEEDED),
    );
    expect((await userByEmail('bia@example.com'))?.role).toBe('customer');

    const line = await runAdminCreate(ctx.database, [...args, '--promote']);
    expect(line).toBe('Conta promovida a administrador: bia@example.com');
    const row = await userByEmail('bia@example.com');
    expect(row).toMatchObject({ role: 'admin', staffRole: 'owner', name: 'Ana Souza' });
    expect(await verifyPassword(row?.passwordHash ?? '', 'Outra1234')).toBe(true);
    const [log] = await roleLogs();
    expect(log).toMatchObject({
      severity: 'warning',
      userId: row?.id,
      message: 'Papel alterado de customer para admin',
      metadata: { from: 'customer', to: 'admin', source: 'cli' },
    });
    // The customer's session (opened before the promotion) cannot be refreshed any more.
    expect((await refresh(customer.refreshToken)).statusCode).toBe(401);
    // The old password is gone; the one the operator set opens an administrator's session.
    expect((await login('bia@example.com', 'Segura123')).statusCode).toBe(401);
    const admin = await login('bia@example.com', 'Outra1234');
    expect(admin.json<{ user: { role: string } }>().user.role).toBe('admin');
    const orders = await ctx.app.inject({
      url: '/api/admin/orders',
      headers: bearer(admin.json<{ access_token: string }>().access_token),
    });
    expect(orders.statusCode).toBe(200);
  });

  it('drops a pending e-mail change when the operator sets the password', async () => {
    const customer = await registerThroughApi(ctx.app, { email: 'bia@example.com', cpf: '' });
    const asked = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(customer.accessToken),
      payload: {
        user: { name: 'Ana Souza', email: 'intrusa@example.com', current_password: 'Segura123' },
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await userByEmail('bia@example.com'))?.pendingEmail).toBe('intrusa@example.com');
    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, customer.userId));
    await runAdminCreate(ctx.database, [
      '--email',
      'bia@example.com',
      '--password',
      'Outra1234',
      '--promote',
    ]);
    // Whoever asked for the change knew the password the operator has just replaced.
    expect((await userByEmail('bia@example.com'))?.pendingEmail).toBeNull();
  });

  it('runs again on an administrator without a new role change', async () => {
    const args = ['--email', 'dona@loja.com', '--password', 'Dona2025Loja'];
    await runAdminCreate(ctx.database, args);
    const again = await runAdminCreate(ctx.database, [
      '--email',
      'dona@loja.com',
      '--password',
      'NovaSenha45',
    ]);
    expect(again).toBe(
      'Conta já era administradora; senha atualizada e sessões encerradas: dona@loja.com',
    );
    expect(await roleLogs()).toHaveLength(1);
    const row = await userByEmail('dona@loja.com');
    expect(await verifyPassword(row?.passwordHash ?? '', 'NovaSenha45')).toBe(true);
  });

  it.each([
    [['--email', 'x@y.com'], USAGE],
    [['--password', 'Dona2025Loja'], USAGE],
    [['--email', 'x@y.com', '--password', 'Dona2025Loja', '--role', 'admin'], USAGE],
    [['--email', 'não é email', '--password', 'Dona2025Loja'], 'Email inválido'],
    [
      ['--email', 'x@y.com', '--password', 'fraca'],
      'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
    ],
    [
      ['--email', 'x@y.com', '--password', 'Dona2025Loja', '--name', 'Admin'],
      'Nome deve ter pelo menos 2 palavras e não conter números',
    ],
    [['--email', 'x@y.com', '--password', 'Admin1234'], 'Esta senha é muito comum. Escolha outra.'],
  ])('refuses %j with a message and creates nothing', async (args, message) => {
    await expect(runAdminCreate(ctx.database, args)).rejects.toThrow(new AdminInputError(message));
    expect(await ctx.database.db.select().from(users)).toEqual([]);
  });

  it('parses the arguments npm passes after --', () => {
    expect(parseAdminArgs(['--email', 'a@b.com', '--password', 'Dona2025Loja'])).toEqual({
      email: 'a@b.com',
      password: 'Dona2025Loja',
      name: undefined,
      promote: false,
      demote: false,
    });
    expect(
      parseAdminArgs(['--email', 'a@b.com', '--password', 'Dona2025Loja', '--promote']),
    ).toMatchObject({ promote: true });
  });

  it('sets no common password on an existing account, and promotes nobody with one', async () => {
    const customer = await registerThroughApi(ctx.app, { email: 'bia@example.com', cpf: '' });
    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, customer.userId));
    const common = new AdminInputError('Esta senha é muito comum. Escolha outra.');
    await expect(
      runAdminCreate(ctx.database, [
        '--email',
        'bia@example.com',
        '--password',
        'Senha123',
        '--promote',
      ]),
    ).rejects.toThrow(common);
    expect((await userByEmail('bia@example.com'))?.role).toBe('customer');
    expect(await roleLogs()).toEqual([]);
    expect((await login('bia@example.com', 'Segura123')).statusCode).toBe(200);
  });

  it('starts with a common ADMIN_PASSWORD of an administrator who exists, since it sets none', async () => {
    const deps = { db: ctx.database.db };
    await runAdminCreate(ctx.database, ['--email', 'dona@loja.com', '--password', 'Dona2025Loja']);
    const config = { adminEmail: 'dona@loja.com', adminPassword: 'Admin1234' };
    expect(await ensureAdminFromConfig(deps, config)).toBe('unchanged');
    await truncateAccounts(ctx.database);
    await expect(ensureAdminFromConfig(deps, config)).rejects.toThrow(
      new AdminInputError('Esta senha é muito comum. Escolha outra.'),
    );
    expect(await ctx.database.db.select().from(users)).toEqual([]);
  });

  it('ADMIN_EMAIL/ADMIN_PASSWORD create at start, never promote, and leave a changed password', async () => {
    const deps = { db: ctx.database.db };
    expect(await ensureAdminFromConfig(deps, { adminEmail: undefined, adminPassword: 'x' })).toBe(
      undefined,
    );
    const config = { adminEmail: 'dona@loja.com', adminPassword: 'Dona2025Loja' };
    expect(await ensureAdminFromConfig(deps, config)).toBe('created');

    // The administrator changes the password; a restart must not put the old one back.
    await ensureAdmin(deps, {
      email: 'dona@loja.com',
      password: 'Trocada123',
      setPassword: true,
      promote: false,
      source: 'test',
    });
    expect(await ensureAdminFromConfig(deps, config)).toBe('unchanged');
    expect((await login('dona@loja.com', 'Trocada123')).statusCode).toBe(200);

    // Someone registered the address first: the start-up does not hand them the admin role.
    await registerThroughApi(ctx.app, { email: 'bia@example.com', cpf: '' });
    expect(
      await ensureAdminFromConfig(deps, {
        adminEmail: 'bia@example.com',
        adminPassword: 'Dona2025Loja',
      }),
    ).toBe('not_promoted');
    expect((await userByEmail('bia@example.com'))?.role).toBe('customer');
    expect((await login('bia@example.com', 'Segura123')).statusCode).toBe(200);
    expect((await login('bia@example.com', 'Dona2025Loja')).statusCode).toBe(401);
  });

  it('at start, says in a warning why ADMIN_EMAIL was not promoted and how to promote it', async () => {
    const bia = await registerThroughApi(ctx.app, { email: 'bia@example.com', cpf: '' });
    const { lines, logger } = logCollector();
    const result = await ensureAdminAtStart(
      { db: ctx.database.db, logger },
      { adminEmail: 'Bia@Example.com', adminPassword: 'Dona2025Loja' },
    );
    expect(result).toBe('not_promoted');
    expect(lines).toEqual([{ level: 'warn', args: [ADMIN_EMAIL_NOT_PROMOTED] }]);
    expect(ADMIN_EMAIL_NOT_PROMOTED).toContain(
      'npm run admin:create -- --email <email> --password <new password> --promote',
    );
    // Nothing changed for the account: same role, same password, its session still refreshes.
    expect((await userByEmail('bia@example.com'))?.role).toBe('customer');
    expect((await refresh(bia.refreshToken)).statusCode).toBe(200);
    expect(await roleLogs()).toEqual([]);

    const created = logCollector();
    expect(
      await ensureAdminAtStart(
        { db: ctx.database.db, logger: created.logger },
        { adminEmail: 'dona@loja.com', adminPassword: 'Dona2025Loja' },
      ),
    ).toBe('created');
    expect(created.lines.map((line) => line.level)).toEqual(['info']);
    // The address itself never reaches the log.
    expect(JSON.stringify([...lines, ...created.lines])).not.toMatch(/bia@example|dona@loja/i);

    const half = logCollector();
    expect(
      await ensureAdminAtStart(
        { db: ctx.database.db, logger: half.logger },
        { adminEmail: 'x@loja.com', adminPassword: undefined },
      ),
    ).toBeUndefined();
    expect(half.lines.map((line) => line.level)).toEqual(['warn']);
  });
});

describe('changeRole', () => {
  it('demotes an administrator: every session ends, admin routes refuse at once, logged', async () => {
    await runAdminCreate(ctx.database, ['--email', 'dona@loja.com', '--password', 'Dona2025Loja']);
    const first = (await login('dona@loja.com', 'Dona2025Loja')).json<Tokens>();
    const second = (await login('dona@loja.com', 'Dona2025Loja')).json<Tokens>();
    const adminOrders = () =>
      ctx.app.inject({ url: '/api/admin/orders', headers: bearer(first.access_token) });
    expect((await adminOrders()).statusCode).toBe(200);
    const row = await userByEmail('dona@loja.com');
    if (!row) throw new Error('no administrator');

    const deps = { db: ctx.database.db };
    const demote = { userId: row.id, role: 'customer', source: 'test' } as const;
    expect(await changeRole(deps, demote)).toBe('changed');

    // The access token is still signed for 15 minutes, but its login has ended: refused at once.
    const refused = await adminOrders();
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string }>().code).toBe('session_ended');
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect(await ctx.app.services.tokens.countActiveSessions(row.id)).toBe(0);
    expect((await roleLogs()).at(-1)).toMatchObject({
      userId: row.id,
      message: 'Papel alterado de admin para customer',
      metadata: { from: 'admin', to: 'customer', source: 'test' },
    });

    // A new login works, as a customer.
    const again = await login('dona@loja.com', 'Dona2025Loja');
    expect(again.json<{ user: { role: string } }>().user.role).toBe('customer');
    expect(await changeRole(deps, demote)).toBe('unchanged');
    expect(await ctx.app.services.tokens.countActiveSessions(row.id)).toBe(1);
    expect(await roleLogs()).toHaveLength(2);
    expect(await changeRole(deps, { ...demote, userId: row.id + 1000 })).toBe('not_found');
  });
});

describe('npm run admin:create -- --demote', () => {
  it('makes an administrator a customer again and ends every session of the account', async () => {
    await runAdminCreate(ctx.database, ['--email', 'dona@loja.com', '--password', 'Dona2025Loja']);
    const session = (await login('dona@loja.com', 'Dona2025Loja')).json<Tokens>();
    const adminOrders = () =>
      ctx.app.inject({ url: '/api/admin/orders', headers: bearer(session.access_token) });
    expect((await adminOrders()).statusCode).toBe(200);

    const line = await runAdminCreate(ctx.database, ['--email', ' Dona@Loja.com ', '--demote']);
    expect(line).toBe('Conta voltou a ser de cliente; sessões encerradas: dona@loja.com');
    expect(await userByEmail('dona@loja.com')).toMatchObject({ role: 'customer', staffRole: null });
    expect((await adminOrders()).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await roleLogs()).at(-1)).toMatchObject({
      message: 'Papel alterado de admin para customer',
      metadata: { from: 'admin', to: 'customer', source: 'cli' },
    });
    // The password stays: the person logs in again, as a customer.
    const again = await login('dona@loja.com', 'Dona2025Loja');
    expect(again.json<{ user: { role: string } }>().user.role).toBe('customer');
  });

  it('says so and changes nothing for a customer or an unknown e-mail', async () => {
    await registerThroughApi(ctx.app, { email: 'bia@example.com' });
    await expect(
      runAdminCreate(ctx.database, ['--email', 'bia@example.com', '--demote']),
    ).rejects.toThrow(new AdminInputError(NOT_AN_ADMIN));
    await expect(
      runAdminCreate(ctx.database, ['--email', 'ninguem@example.com', '--demote']),
    ).rejects.toThrow(new AdminInputError(NO_SUCH_ACCOUNT));
    expect(await roleLogs()).toHaveLength(0);
  });

  it('takes no password and no other option beside it', () => {
    expect(parseAdminArgs(['--email', 'a@b.com', '--demote'])).toMatchObject({ demote: true });
    for (const argv of [
      ['--email', 'a@b.com', '--demote', '--promote'],
      ['--email', 'a@b.com', '--demote', '--password', 'Dona2025Loja'],
      ['--demote'],
    ]) {
      expect(() => parseAdminArgs(argv)).toThrow(new AdminInputError(USAGE));
    }
  });
});

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe('requirePermission', () => {
  async function guardedApp() {
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(authenticate, {
      tokens: ctx.app.services.tokens,
      roleOf: (userId) => ctx.app.services.users.roleOf(userId),
      securityLog: ctx.app.services.securityLog,
    });
    app.get('/admin-only', { preHandler: requirePermission('orders') }, () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('answers 401 anonymous, 403 to a customer and lets an administrator in', async () => {
    const app = await guardedApp();
    const customer = await registerThroughApi(ctx.app, { email: 'bia@example.com' });
    await runAdminCreate(ctx.database, ['--email', 'dona@loja.com', '--password', 'Dona2025Loja']);
    const admin = (await login('dona@loja.com', 'Dona2025Loja')).json<{ access_token: string }>();

    const anonymous = await app.inject({ method: 'GET', url: '/admin-only' });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await app.inject({
      method: 'GET',
      url: '/admin-only',
      headers: bearer(customer.accessToken),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ message: string }>().message).toBe(
      'Acesso restrito a administradores.',
    );
    const allowed = await app.inject({
      method: 'GET',
      url: '/admin-only',
      headers: bearer(admin.access_token),
    });
    expect(allowed.statusCode).toBe(200);
    await app.close();
  });

  it('refuses a demoted administrator at once, with the access token still valid', async () => {
    const app = await guardedApp();
    await runAdminCreate(ctx.database, ['--email', 'dona@loja.com', '--password', 'Dona2025Loja']);
    const admin = (await login('dona@loja.com', 'Dona2025Loja')).json<{ access_token: string }>();
    const call = () =>
      app.inject({ method: 'GET', url: '/admin-only', headers: bearer(admin.access_token) });
    expect((await call()).statusCode).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ role: 'customer', staffRole: null })
      .where(eq(users.email, 'dona@loja.com'));
    expect((await call()).statusCode).toBe(403);
    // And on the real admin routes of the API.
    const orders = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: bearer(admin.access_token),
    });
    expect(orders.statusCode).toBe(403);
    await app.close();
  });

  it('treats an administrator whose account no longer exists as anonymous (401)', async () => {
    await runAdminCreate(ctx.database, ['--email', 'dona@loja.com', '--password', 'Dona2025Loja']);
    const admin = (await login('dona@loja.com', 'Dona2025Loja')).json<Tokens>();
    const call = () =>
      ctx.app.inject({ url: '/api/admin/orders', headers: bearer(admin.access_token) });
    expect((await call()).statusCode).toBe(200);
    await ctx.database.db.delete(users).where(eq(users.email, 'dona@loja.com'));
    const gone = await call();
    expect(gone.statusCode).toBe(401);
    expect(gone.json<{ message: string }>().message).toBe('Usuário não autenticado');
  });
});
