// LGPD requests reach the shop: recorded with their 15-business-day deadline, once per kind
// while open, logged, e-mailed to the administrators, and queued for them, overdue first.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { securityLogs } from '../../db/schema/security.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

// Wednesday 11 November 2026, 14:00 in São Paulo.
let clock = new Date('2026-11-11T17:00:00Z');
let ctx: TestContext;
let owner: UserRow;
let ana: UserRow;
let bia: UserRow;
const headersOf = async (user: UserRow) => bearerHeader((await signIn(ctx.app, user)).access_token);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  owner = await createUser(ctx.database, { role: 'admin', email: 'dona@example.com' });
  ana = await createUser(ctx.database, { email: 'ana@example.com', name: 'Ana Souza' });
  bia = await createUser(ctx.database, { email: 'bia@example.com', name: 'Bia Lima' });
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  clock = new Date('2026-11-11T17:00:00Z');
  await ctx.database.db.execute(sql`delete from privacy_requests`);
  await ctx.database.db.execute(sql`delete from mail_outbox`);
});

async function ask(user: UserRow, type: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/privacy_requests',
    headers: await headersOf(user),
    payload: { type },
  });
}

describe('privacy requests', () => {
  it('need a logged-in user, and the queue an administrator', async () => {
    expect((await ctx.app.inject({ url: '/api/privacy_requests' })).statusCode).toBe(401);
    const queue = await ctx.app.inject({
      url: '/api/admin/privacy_requests',
      headers: await headersOf(ana),
    });
    expect(queue.statusCode).toBe(403);
  });

  it('records a request with its deadline, logs it and tells the administrators', async () => {
    const response = await ask(ana, 'access');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      created: true,
      message: 'Solicitação registrada. Responderemos dentro do prazo de 15 dias úteis.',
      request: {
        type: 'access',
        type_label: 'Acesso aos dados',
        status: 'requested',
        status_label: 'Solicitado',
        // 15 business days, 20 November (a holiday) skipped: Thursday 3 December, São Paulo.
        deadline: '2026-12-04T02:59:59.999Z',
        completed_at: null,
      },
    });
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'privacy_request'));
    expect(logged).toHaveLength(1);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'privacy_request'));
    expect(mails.map((m) => m.toAddress)).toEqual(['dona@example.com']);
    expect(mails[0]?.subject).toContain('Acesso aos dados');
  });

  it('keeps one open request per kind: asking again answers the open one', async () => {
    const [first, second] = await Promise.all([ask(ana, 'deletion'), ask(ana, 'deletion')]);
    const answers = [first.json(), second.json()] as {
      created: boolean;
      request: { id: number };
    }[];
    expect(answers.map((a) => a.created).sort()).toEqual([false, true]);
    expect(answers[0]?.request.id).toBe(answers[1]?.request.id);
    expect((await ask(ana, 'export')).statusCode).toBe(201);
    const mine = await ctx.app.inject({
      url: '/api/privacy_requests',
      headers: await headersOf(ana),
    });
    expect(
      mine
        .json<{ requests: { type: string }[] }>()
        .requests.map((r) => r.type)
        .sort(),
    ).toEqual(['deletion', 'export']);
  });

  it('refuses an unknown type with 422 in pt-BR', async () => {
    const response = await ask(ana, 'everything');
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain(
      'Tipo de solicitação inválido: use access, export ou deletion.',
    );
  });

  it("never shows one person's requests to another", async () => {
    await ask(ana, 'access');
    const hers = await ctx.app.inject({
      url: '/api/privacy_requests',
      headers: await headersOf(bia),
    });
    expect(hers.json()).toEqual({ requests: [] });
  });

  it('queues them for the administrators, overdue first', async () => {
    clock = new Date('2026-10-01T15:00:00Z');
    await ask(bia, 'export');
    clock = new Date('2026-11-11T17:00:00Z');
    await ask(ana, 'access');
    const queue = await ctx.app.inject({
      url: '/api/admin/privacy_requests',
      headers: await headersOf(owner),
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toMatchObject({
      open: 2,
      overdue: 1,
      requests: [
        { user_email: 'bia@example.com', type: 'export', overdue: true },
        { user_email: 'ana@example.com', type: 'access', overdue: false },
      ],
    });
  });
});
