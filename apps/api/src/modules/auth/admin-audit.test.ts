// The panel's audit trail: a change made through an admin path lands in the security log with who
// made it, the route's pattern and its ids; reads, refused calls and invalid bodies add nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs } from '../../db/schema/security.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

let ctx: TestContext;
let ownerId: number;
let owner: Record<string, string>;
let operator: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.database, { role: 'admin', staffRole: 'owner' });
  ownerId = user.id;
  owner = bearerHeader((await signIn(ctx.app, user)).access_token);
  const packer = await createUser(ctx.database, { role: 'admin', staffRole: 'operator' });
  operator = bearerHeader((await signIn(ctx.app, packer)).access_token);
});

afterAll(async () => {
  await ctx?.close();
});

function actionsOf(userId: number) {
  return ctx.database.db
    .select()
    .from(securityLogs)
    .where(and(eq(securityLogs.type, 'admin_action'), eq(securityLogs.userId, userId)))
    .orderBy(securityLogs.id);
}

/** The entry is written after the answer left: wait for it a moment. */
async function settledActionsOf(userId: number, count: number) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await actionsOf(userId);
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return actionsOf(userId);
}

describe('the audit trail of admin actions', () => {
  it('writes a successful change with who made it, and nothing for reads or refusals', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: owner,
      payload: { coupon: { code: 'AUDITORIA10', kind: 'percent', value: 10 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ coupon: { id: number } }>().coupon.id;

    const read = await ctx.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: owner });
    expect(read.statusCode).toBe(200);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: owner,
      payload: { coupon: { code: '', kind: 'percent', value: -1 } },
    });
    expect(invalid.statusCode).toBe(422);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/coupons/${id}`,
      headers: operator,
    });
    expect(refused.statusCode).toBe(403);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/coupons/${id}`,
      headers: owner,
    });
    expect(removed.statusCode).toBeLessThan(300);

    const rows = await settledActionsOf(ownerId, 2);
    // Give a stray third entry (the read, the 422) the time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await actionsOf(ownerId)).length).toBe(2);
    expect(rows.map((row) => [row.message, row.metadata])).toEqual([
      [
        'Ação no painel: POST /api/admin/coupons',
        {
          permission: 'promotions',
          method: 'POST',
          route: '/api/admin/coupons',
          params: {},
          status: 201,
        },
      ],
      [
        'Ação no painel: DELETE /api/admin/coupons/:id',
        {
          permission: 'promotions',
          method: 'DELETE',
          route: '/api/admin/coupons/:id',
          params: { id: String(id) },
          status: removed.statusCode,
        },
      ],
    ]);
    expect(rows.every((row) => row.severity === 'info' && row.ip !== null)).toBe(true);
  });
});
