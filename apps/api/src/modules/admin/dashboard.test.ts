import type { Dashboard, DashboardQueueItem } from '@lumina/shared/admin/dashboard';
import type { StaffRole } from '@lumina/shared/admin/staff-roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { insertOrderRow, type OrderLine, type OrderRowInput } from '../../test/order-rows.ts';
import { createProduct, insertProducts, setBlingLink } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

// Noon in São Paulo (UTC-3) on Sunday 2026-03-15: the 7-day period is 03-09..03-15, the one
// before it 03-02..03-08; the 30-day period 02-14..03-15, the one before 01-15..02-13.
const NOW = new Date('2026-03-15T15:00:00Z');

let ctx: TestContext;
const headersOf = new Map<StaffRole | 'customer', Record<string, string>>();

/** An order straight in the table, as the order module would have left it, placed before NOW. */
const insertOrder = (db: Db, order: OrderRowInput) => insertOrderRow(db, order, NOW);

async function variantIds(db: Db, productId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from product_variants where product_id = ${productId} order by position, id`,
    ),
  ).map((row) => row.id);
}

let earring: OrderLine;
let nose: OrderLine;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  const db = ctx.database.db;
  for (const staffRole of ['owner', 'manager', 'operator', 'catalogue'] as const) {
    const user = await createUser(ctx.database, { role: 'admin', staffRole });
    headersOf.set(staffRole, bearerHeader((await signIn(ctx.app, user)).access_token));
  }
  const shopperAccount = await createUser(ctx.database);
  headersOf.set('customer', bearerHeader((await signIn(ctx.app, shopperAccount)).access_token));

  // The catalogue: two active products (one with options), one inactive.
  const [ring, stud, hidden] = (await insertProducts(
    db,
    [
      createProduct({
        name: 'Argola Dash',
        category: 'orelha',
        sku: 'DASH-ARG',
        options: [
          { name: 'Diâmetro', values: ['8 mm', '10 mm'] },
          { name: 'Cor', values: ['Dourado'] },
        ],
        variants: [
          {
            sku: 'DASH-ARG-8',
            option_values: { Diâmetro: '8 mm', Cor: 'Dourado' },
            stock_quantity: 2,
          },
          {
            sku: 'DASH-ARG-10',
            option_values: { Diâmetro: '10 mm', Cor: 'Dourado' },
            stock_quantity: 0,
          },
        ],
        stock_quantity: 2,
      }),
      createProduct({
        name: 'Nostril Dash',
        category: 'nariz',
        sku: 'DASH-NOS',
        options: [{ name: 'Cor', values: ['Prata', 'Preto'] }],
        variants: [
          { sku: 'DASH-NOS-P', option_values: { Cor: 'Prata' }, stock_quantity: 10 },
          { sku: 'DASH-NOS-B', option_values: { Cor: 'Preto' }, stock_quantity: 5 },
        ],
        stock_quantity: 15,
      }),
      createProduct({ name: 'Inativo Dash', sku: 'DASH-OFF', stock_quantity: 0, active: false }),
    ],
    NOW,
  )) as [number, number, number];
  const [ring8] = (await variantIds(db, ring)) as [number];
  const [studSilver] = (await variantIds(db, stud)) as [number];
  // Its own threshold above its stock: low, where the default (3) would not say so.
  await db.execute(
    sql`update product_variants set low_stock_threshold = 12 where id = ${studSilver}`,
  );
  await setBlingLink(db, [ring], { syncStatus: 'failed', syncError: 'HTTP 500' });
  await setBlingLink(db, [stud], { syncStatus: 'pending' });
  await setBlingLink(db, [hidden], { syncStatus: 'synced', blingId: 'dash-1' });

  earring = {
    productId: ring,
    variantId: ring8,
    sku: 'DASH-ARG-8',
    category: 'orelha',
    quantity: 2,
    unitCents: 4500,
    optionValues: { Cor: 'Dourado', Diâmetro: '8 mm' },
  };
  nose = {
    productId: stud,
    variantId: studSilver,
    sku: 'DASH-NOS-P',
    category: 'nariz',
    quantity: 1,
    unitCents: 5000,
    optionValues: { Cor: 'Prata' },
  };

  const [bia, caio, duda, eva] = await Promise.all(
    ['bia', 'caio', 'duda', 'eva'].map((name) =>
      createUser(ctx.database, { email: `${name}.dash@example.com` }),
    ),
  );
  if (!bia || !caio || !duda || !eva) throw new Error('users');

  // This week. Paid at 23:30 in São Paulo on 03-09 (02:30 UTC on 03-10): R$ 100,00 by PIX.
  const late = await insertOrder(db, {
    userId: bia.id,
    status: 'processing',
    paidAt: '2026-03-10T02:30:00Z',
    method: 'pix',
    shippingCents: 1000,
    lines: [earring],
  });
  // 03-15: R$ 50,00 by card, already shipped; Caio's first paid order.
  const shipped = await insertOrder(db, {
    userId: caio.id,
    status: 'shipped',
    paidAt: '2026-03-15T13:00:00Z',
    shippedAt: '2026-03-15T14:00:00Z',
    method: 'card',
    shippingCents: 0,
    lines: [nose],
  });
  // Paid this week, then cancelled or refunded: no revenue.
  await insertOrder(db, {
    userId: duda.id,
    status: 'cancelled',
    paidAt: '2026-03-11T15:00:00Z',
    method: 'pix',
    shippingCents: 0,
    lines: [{ ...nose, quantity: 4 }],
  });
  await insertOrder(db, {
    userId: caio.id,
    status: 'refunded',
    paidAt: '2026-03-12T15:00:00Z',
    method: 'card',
    shippingCents: 0,
    lines: [{ ...earring, quantity: 6 }],
  });
  // Waiting for its payment.
  await insertOrder(db, {
    userId: eva.id,
    status: 'pending',
    paidAt: null,
    method: 'pix',
    shippingCents: 0,
    lines: [nose],
  });
  // The week before: Bia's R$ 40,00 on 03-05 (she returns this week), Eva's R$ 25,00 at 23:30
  // in São Paulo on 03-08 (02:30 UTC on 03-09, still the week before).
  const before = await insertOrder(db, {
    userId: bia.id,
    status: 'delivered',
    paidAt: '2026-03-05T15:00:00Z',
    method: 'pix',
    shippingCents: 0,
    lines: [{ ...earring, quantity: 1, unitCents: 4000 }],
  });
  await insertOrder(db, {
    userId: eva.id,
    status: 'delivered',
    paidAt: '2026-03-09T02:30:00Z',
    method: 'pix',
    shippingCents: 0,
    lines: [{ ...nose, unitCents: 2500 }],
  });

  // Carts: two touched this week, one whose line was added this week, one touched in February.
  await db.execute(sql`
    insert into carts (session_id, created_at, updated_at) values
      (gen_random_uuid(), '2026-03-12T12:00:00Z', '2026-03-12T12:00:00Z'),
      (gen_random_uuid(), '2026-03-13T12:00:00Z', '2026-03-13T12:00:00Z'),
      (gen_random_uuid(), '2026-01-20T12:00:00Z', '2026-01-20T12:00:00Z'),
      (gen_random_uuid(), '2026-02-20T12:00:00Z', '2026-02-20T12:00:00Z')
  `);
  await db.execute(sql`
    insert into cart_items (cart_id, product_id, variant_id, quantity, created_at, updated_at)
    select id, ${ring}, ${ring8}, 1, '2026-03-14T12:00:00Z', '2026-03-14T12:00:00Z'
    from carts where updated_at = '2026-01-20T12:00:00Z'
  `);

  // Fulfilment: a label whose purchase failed, a printable one; a rejected NF-e.
  await db.execute(sql`
    insert into shipping_labels (order_id, service_id, state, last_error, last_error_at) values
      (${late}, 1, 'carted', 'Saldo insuficiente', '2026-03-14T12:00:00Z')`);
  await db.execute(
    sql`insert into shipping_labels (order_id, service_id, state) values (${shipped}, 1, 'generated')`,
  );
  await db.execute(
    sql`insert into invoices (order_id, state, reason) values (${late}, 'rejected', 'CFOP inválido')`,
  );
  // Returns: one waiting for its answer until 03-17 noon (2 days), one received (no deadline).
  await db.execute(sql`
    insert into return_requests (protocol, order_id, user_id, type, status, answer_by, created_at, updated_at) values
      ('DEV-2026-900001', ${before}, ${bia.id}, 'withdrawal', 'requested', '2026-03-17T15:00:00Z', '2026-03-12T15:00:00Z', '2026-03-12T15:00:00Z'),
      ('DEV-2026-900002', ${shipped}, ${caio.id}, 'exchange', 'received', '2026-03-10T15:00:00Z', '2026-03-05T15:00:00Z', '2026-03-11T15:00:00Z'),
      ('DEV-2026-900003', ${shipped}, ${caio.id}, 'exchange', 'rejected', '2026-03-01T15:00:00Z', '2026-02-24T15:00:00Z', '2026-02-25T15:00:00Z')`);
  // LGPD: one open a day past its deadline, one answered.
  await db.execute(sql`
    insert into privacy_requests (user_id, type, status, requested_at, deadline_at, completed_at) values
      (${duda.id}, 'access', 'requested', '2026-02-20T15:00:00Z', '2026-03-14T15:00:00Z', null),
      (${eva.id}, 'export', 'completed', '2026-02-01T15:00:00Z', '2026-02-20T15:00:00Z', '2026-02-03T15:00:00Z')`);
  await db.execute(sql`
    insert into contact_messages (name, email, message, ip, status) values
      ('Gil', 'gil@example.com', 'Olá', '198.51.100.1', 'new'),
      ('Hugo', 'hugo@example.com', 'Oi', '198.51.100.2', 'new'),
      ('Iara', 'iara@example.com', 'Boa tarde', '198.51.100.3', 'read')`);
  // Reviews: two waiting for moderation, one published.
  await db.execute(sql`
    insert into product_reviews (product_id, order_id, user_id, author_name, rating, status) values
      (${ring}, ${shipped}, ${caio.id}, 'Caio', 5, 'pending'),
      (${stud}, ${shipped}, ${caio.id}, 'Caio', 4, 'pending'),
      (${ring}, ${late}, ${bia.id}, 'Bia', 3, 'approved')`);
  await db.execute(sql`
    insert into security_alerts (rule, subject, severity, message, occurrences, first_seen_at, last_seen_at, created_at) values
      ('brute_force', 'x@example.com', 'critical', 'Muitas tentativas', 12, '2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', '2026-03-12T10:00:00Z'),
      ('brute_force', 'y@example.com', 'warning', 'Tentativas', 5, '2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z', '2026-03-01T10:00:00Z')`);
});

afterAll(async () => {
  await ctx?.close();
});

async function dashboard(role: StaffRole, query = '') {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/dashboard${query}`,
    headers: headersOf.get(role),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Dashboard>();
}

const item = (key: string, count: number, days_left: number | null = null) =>
  ({ key, count, days_left }) as DashboardQueueItem;

describe('GET /api/admin/dashboard: the queue', () => {
  it('shows the owner every line, counted', async () => {
    expect((await dashboard('owner')).queue).toEqual([
      item('pix_to_confirm', 1),
      item('orders_to_ship', 1),
      item('labels_failed', 1),
      item('invoices_failed', 1),
      item('returns_open', 2, 2),
      item('privacy_open', 1, -1),
      item('messages_unread', 2),
      item('variants_out_of_stock', 1),
      item('variants_low_stock', 2),
      item('bling_to_check', 2),
      item('reviews_pending', 2),
      item('security_alerts', 1),
    ]);
  });

  it('shows an operator only the orders, and no figures', async () => {
    const answer = await dashboard('operator');
    expect(answer.queue.map((line) => line.key)).toEqual([
      'pix_to_confirm',
      'orders_to_ship',
      'labels_failed',
      'invoices_failed',
      'returns_open',
    ]);
    expect(answer.figures).toBeNull();
  });

  it('shows the catalogue role only the catalogue, and no figures', async () => {
    const answer = await dashboard('catalogue');
    expect(answer.queue).toEqual([
      item('variants_out_of_stock', 1),
      item('variants_low_stock', 2),
      item('bling_to_check', 2),
      item('reviews_pending', 2),
    ]);
    expect(answer.figures).toBeNull();
  });

  it('shows a manager orders, messages and catalogue, with figures', async () => {
    const answer = await dashboard('manager');
    expect(answer.queue.map((line) => line.key)).not.toContain('privacy_open');
    expect(answer.queue.map((line) => line.key)).not.toContain('security_alerts');
    expect(answer.queue.map((line) => line.key)).toContain('messages_unread');
    expect(answer.figures).not.toBeNull();
  });
});

describe('GET /api/admin/dashboard: the figures', () => {
  it('adds up the last 7 days by São Paulo day, beside the 7 before', async () => {
    const answer = await dashboard('owner', '?period=7');
    expect(answer.generated_at).toBe(NOW.toISOString());
    const figures = answer.figures;
    expect(figures).not.toBeNull();
    if (!figures) return;
    expect(figures.period_days).toBe(7);
    expect([figures.from, figures.to]).toEqual(['2026-03-09', '2026-03-15']);
    const day = (date: string, revenue: number, orders: number, pr: number, po: number) => ({
      date,
      revenue,
      orders,
      previous_revenue: pr,
      previous_orders: po,
    });
    expect(figures.daily).toEqual([
      day('2026-03-09', 100, 1, 0, 0),
      day('2026-03-10', 0, 0, 0, 0),
      day('2026-03-11', 0, 0, 0, 0),
      day('2026-03-12', 0, 0, 40, 1),
      day('2026-03-13', 0, 0, 0, 0),
      day('2026-03-14', 0, 0, 0, 0),
      day('2026-03-15', 50, 1, 25, 1),
    ]);
    expect(figures.totals).toEqual({ revenue: 150, orders: 2, average_order_value: 75 });
    expect(figures.previous).toEqual({ revenue: 65, orders: 2, average_order_value: 32.5 });
    expect(figures.conversion).toEqual({ carts: 3, paid_orders: 2, rate: 2 / 3 });
    expect(figures.by_payment_method).toEqual([
      { method: 'pix', revenue: 100, orders: 1 },
      { method: 'card', revenue: 50, orders: 1 },
    ]);
    expect(figures.by_category).toEqual([
      { category: 'orelha', revenue: 90 },
      { category: 'nariz', revenue: 50 },
    ]);
    expect(figures.best_sellers).toEqual([
      {
        variant_id: earring.variantId,
        product_id: earring.productId,
        name: 'Produto DASH-ARG-8',
        variant_label: 'Diâmetro: 8 mm · Cor: Dourado',
        sku: 'DASH-ARG-8',
        quantity: 2,
        revenue: 90,
      },
      {
        variant_id: nose.variantId,
        product_id: nose.productId,
        name: 'Produto DASH-NOS-P',
        variant_label: 'Cor: Prata',
        sku: 'DASH-NOS-P',
        quantity: 1,
        revenue: 50,
      },
    ]);
    // Bia bought the week before; Caio's first paid order is this week (his refunded one too).
    expect(figures.customers).toEqual({ new: 1, returning: 1 });
  });

  it('takes 30 days by default, where every buyer is new', async () => {
    const figures = (await dashboard('owner')).figures;
    expect(figures?.period_days).toBe(30);
    expect([figures?.from, figures?.to]).toEqual(['2026-02-14', '2026-03-15']);
    expect(figures?.daily).toHaveLength(30);
    expect(figures?.totals).toEqual({ revenue: 215, orders: 4, average_order_value: 53.75 });
    expect(figures?.previous).toEqual({ revenue: 0, orders: 0, average_order_value: 0 });
    expect(figures?.customers).toEqual({ new: 3, returning: 0 });
    expect(figures?.conversion).toEqual({ carts: 4, paid_orders: 4, rate: 1 });
  });

  it('answers 90 days', async () => {
    const figures = (await dashboard('owner', '?period=90')).figures;
    expect(figures?.daily).toHaveLength(90);
    expect(figures?.from).toBe('2025-12-16');
    expect(figures?.totals.revenue).toBe(215);
  });
});

describe('GET /api/admin/dashboard: who may ask, and how', () => {
  it('refuses any other period with a 422 in Portuguese', async () => {
    for (const period of ['14', '0', 'abc', '']) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/dashboard?period=${period}`,
        headers: headersOf.get('owner'),
      });
      expect(answer.statusCode, period).toBe(422);
      expect(answer.json<ErrorJson>().message).toContain('7, 30 ou 90 dias');
    }
  });

  it('answers 401 without a session and 403 to a customer', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: headersOf.get('customer'),
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).not.toHaveProperty('queue');
  });
});
