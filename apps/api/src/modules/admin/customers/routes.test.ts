import {
  type AdminCustomerDetail,
  type AdminCustomerListResponse,
  CUSTOMER_TEXTS,
} from '@lumina/shared/admin/customers';
import type { StaffRole } from '@lumina/shared/admin/staff-roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../../db/schema/addresses.ts';
import { contactMessages } from '../../../db/schema/contact-messages.ts';
import { orders } from '../../../db/schema/orders.ts';
import { securityLogs } from '../../../db/schema/security.ts';
import type { ErrorJson } from '../../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../../test/user-builder.ts';

type NewOrderRow = typeof orders.$inferInsert;

let ctx: TestContext;
const staff = new Map<StaffRole, { id: number; headers: { authorization: string } }>();
let buyerId: number;
let quietId: number;

/** An order straight in the database: only what the customer list reads matters here. */
function createOrder(
  userId: number,
  overrides: Partial<NewOrderRow> & { totalCents: number },
): NewOrderRow {
  return {
    userId,
    customerName: 'Beatriz Lima',
    shippingAddress: {
      street: 'Rua das Flores',
      number: '10',
      complement: null,
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01001000',
    },
    shippingMethod: 'pac',
    shippingName: 'PAC',
    shippingDeliveryDays: 5,
    shippingCents: 0,
    subtotalCents: overrides.totalCents,
    ...overrides,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const staffRole of ['owner', 'manager', 'operator'] as const) {
    const user = await createUser(ctx.database, {
      role: 'admin',
      staffRole,
      name: `Equipe ${staffRole}`,
    });
    staff.set(staffRole, {
      id: user.id,
      headers: bearerHeader((await signIn(ctx.app, user)).access_token),
    });
  }
  const buyer = await createUser(ctx.database, {
    name: 'Beatriz Lima',
    email: 'beatriz.lima@example.com',
    cpf: '12345678909',
    phone: '11987654321',
    marketingConsent: true,
  });
  buyerId = buyer.id;
  const paidAt = new Date('2026-03-02T15:00:00Z');
  await ctx.database.db.insert(orders).values([
    createOrder(buyerId, {
      status: 'delivered',
      paidAt,
      totalCents: 12990,
      createdAt: new Date('2026-03-01T12:00:00Z'),
    }),
    createOrder(buyerId, {
      status: 'processing',
      paidAt,
      totalCents: 5010,
      paymentMethod: 'card',
      createdAt: new Date('2026-03-05T12:00:00Z'),
    }),
    createOrder(buyerId, {
      status: 'cancelled',
      paidAt,
      totalCents: 40000,
      createdAt: new Date('2026-03-09T12:00:00Z'),
    }),
  ]);
  await ctx.database.db.insert(addresses).values({
    userId: buyerId,
    street: 'Rua das Flores',
    number: '10',
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    zipCode: '01001000',
    isDefault: true,
  });
  await ctx.database.db.insert(contactMessages).values({
    name: 'Beatriz',
    email: 'Beatriz.Lima@example.com',
    message: 'Vocês têm argola 8 mm?',
    ip: '198.51.100.7',
  });
  quietId = (await createUser(ctx.database, { name: 'Carla Nunes', email: 'carla@example.com' }))
    .id;
  await createUser(ctx.database, {
    name: 'Conta excluída',
    email: 'apagado@example.com',
    erasedAt: new Date(),
  });
});

afterAll(async () => {
  await ctx?.close();
});

function headersOf(role: StaffRole) {
  const member = staff.get(role);
  if (!member) throw new Error(`no ${role} in the test`);
  return member.headers;
}

function get(url: string, role: StaffRole = 'owner') {
  return ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: headersOf(role) });
}

async function list(query: string, role: StaffRole = 'owner') {
  const answer = await get(`/admin/customers${query}`, role);
  expect(answer.statusCode).toBe(200);
  return answer.json<AdminCustomerListResponse>();
}

describe('GET /api/admin/customers', () => {
  it('sums the sold orders only, leaves staff and erased accounts out', async () => {
    const body = await list('');
    expect(body.customers.map((row) => row.name)).toEqual(['Beatriz Lima', 'Carla Nunes']);
    expect(body).toMatchObject({ total: 2, page: 1, per_page: 20, total_pages: 1 });
    const [beatriz, carla] = body.customers;
    expect(beatriz).toMatchObject({
      id: buyerId,
      email: 'beatriz.lima@example.com',
      orders_count: 2,
      total_spent: 180,
      last_order_at: '2026-03-09T12:00:00.000Z',
      marketing_consent: true,
    });
    expect(carla).toMatchObject({
      id: quietId,
      orders_count: 0,
      total_spent: 0,
      last_order_at: null,
      marketing_consent: false,
    });
  });

  it('sorts by the field and direction asked', async () => {
    const byName = await list('?sort=name&direction=desc');
    expect(byName.customers.map((row) => row.name)).toEqual(['Carla Nunes', 'Beatriz Lima']);
    const bySpent = await list('?sort=total_spent&direction=asc');
    expect(bySpent.customers.map((row) => row.id)).toEqual([quietId, buyerId]);
  });

  it('searches by name and e-mail', async () => {
    expect((await list('?q=carla')).customers.map((row) => row.id)).toEqual([quietId]);
    expect((await list('?q=LIMA%40example')).customers.map((row) => row.id)).toEqual([buyerId]);
    expect((await list('?q=ninguem')).customers).toEqual([]);
  });

  it('shows the owner CPF and phone, and finds by their digits', async () => {
    const [row] = (await list('?q=beatriz')).customers;
    expect(row).toMatchObject({ cpf: '12345678909', phone: '11987654321' });
    expect((await list('?q=123.456.789-09')).customers.map((c) => c.id)).toEqual([buyerId]);
    expect((await list('?q=(11)%2098765')).customers.map((c) => c.id)).toEqual([buyerId]);
  });

  it('shows a manager the phone and the CPF masked, and does not find by CPF', async () => {
    const [row] = (await list('?q=beatriz', 'manager')).customers;
    expect(row).toMatchObject({ cpf: '***.456.789-**', phone: '11987654321' });
    expect((await list('?q=123.456.789', 'manager')).customers).toEqual([]);
    expect((await list('?q=98765-4321', 'manager')).customers.map((c) => c.id)).toEqual([buyerId]);
  });

  it('refuses an operator (403)', async () => {
    const answer = await get('/admin/customers', 'operator');
    expect(answer.statusCode).toBe(403);
    expect(answer.json<ErrorJson>().code).toBe('permission_denied');
  });

  it.each(['?page=0', '?page=abc', '?sort=email', '?direction=up', `?q=${'a'.repeat(101)}`])(
    'answers 422 in Portuguese to %s',
    async (query) => {
      const answer = await get(`/admin/customers${query}`);
      expect(answer.statusCode).toBe(422);
      expect(answer.json<ErrorJson>().message).toMatch(/inválid|no máximo/);
    },
  );
});

describe('GET /api/admin/customers/{id}', () => {
  it('shows the orders, addresses, requests and consents, and logs who looked', async () => {
    const answer = await get(`/admin/customers/${buyerId}`, 'manager');
    expect(answer.statusCode).toBe(200);
    const body = answer.json<AdminCustomerDetail>();
    expect(body.customer).toMatchObject({
      id: buyerId,
      orders_count: 2,
      total_spent: 180,
      cpf: '***.456.789-**',
      phone: '11987654321',
    });
    expect(body.orders.map((order) => [order.status, order.total, order.payment_method])).toEqual([
      ['cancelled', 400, 'pix'],
      ['processing', 50.1, 'card'],
      ['delivered', 129.9, 'pix'],
    ]);
    expect(body.addresses).toEqual([
      expect.objectContaining({ city: 'São Paulo', zip_code: '01001000', is_default: true }),
    ]);
    expect(body.requests.messages).toEqual([
      expect.objectContaining({ status: 'new', summary: 'Vocês têm argola 8 mm?' }),
    ]);
    expect(body.requests.privacy).toEqual([]);
    expect(body.requests.returns).toEqual([]);
    expect(body.consents.consents.marketingComm).toBe(false);

    const viewerId = staff.get('manager')?.id;
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.type, 'customer_viewed'), eq(securityLogs.userId, viewerId ?? 0)));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.metadata).toMatchObject({ customer_id: buyerId, viewer_id: viewerId });
    expect(JSON.stringify(logged[0])).not.toContain('12345678909');
    expect(JSON.stringify(logged[0])).not.toContain('456.789');
  });

  it('answers 404 in Portuguese to an unknown id, a staff member, or a bad id', async () => {
    const ownerId = staff.get('owner')?.id ?? 0;
    for (const id of ['999999', String(ownerId), 'abc', '-1', '99999999999999999999']) {
      const answer = await get(`/admin/customers/${id}`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json<ErrorJson>().message).toBe(CUSTOMER_TEXTS.notFound);
    }
  });

  it('refuses an operator (403)', async () => {
    expect((await get(`/admin/customers/${buyerId}`, 'operator')).statusCode).toBe(403);
  });
});
