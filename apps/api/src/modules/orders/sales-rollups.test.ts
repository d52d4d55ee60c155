// The sales the database keeps per day (sales_days, sales_lines: triggers of migration 0032)
// against a recount from the orders by the dashboard's own rule, after random sequences of
// everything that can happen to an order and its items, and after payments running at once.
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { insertOrderRow, type OrderLine } from '../../test/order-rows.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createUser } from '../../test/user-builder.ts';
import { PAID_ORDER } from '../admin/dashboard-figures.ts';

const NOW = new Date('2026-03-15T15:00:00Z');
const TZ = sql.raw(`'${STORE_TIME_ZONE}'`);
const METHODS = ['pix', 'card', 'boleto'] as const;
const STATUSES = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'returned',
] as const;

let database: Database;
let userId = 0;
let lines: OrderLine[] = [];

interface Sums {
  days: unknown[];
  lines: unknown[];
}

/** What the database keeps, leaving out days that came back to nothing. */
async function kept(db: Db): Promise<Sums> {
  return {
    days: rowsOf(
      await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, payment_method, orders,
          revenue_cents::bigint::text as revenue
        from sales_days where orders <> 0 or revenue_cents <> 0
        order by day, payment_method
      `),
    ),
    lines: rowsOf(
      await db.execute(sql`
        select item_id, order_id, to_char(day, 'YYYY-MM-DD') as day, category, variant_id, sku,
          quantity, revenue_cents
        from sales_lines order by item_id
      `),
    ),
  };
}

/** The same, counted again from the orders and their items by the home's rule. */
async function recounted(db: Db): Promise<Sums> {
  return {
    days: rowsOf(
      await db.execute(sql`
        select to_char((o.paid_at at time zone ${TZ})::date, 'YYYY-MM-DD') as day,
          o.payment_method, count(*)::integer as orders, sum(o.total_cents)::bigint::text as revenue
        from orders o where ${PAID_ORDER}
        group by 1, 2 order by 1, 2
      `),
    ),
    lines: rowsOf(
      await db.execute(sql`
        select i.id as item_id, i.order_id,
          to_char((o.paid_at at time zone ${TZ})::date, 'YYYY-MM-DD') as day, i.category,
          i.variant_id, i.sku, i.quantity, i.total_cents as revenue_cents
        from order_items i join orders o on o.id = i.order_id
        where ${PAID_ORDER} order by i.id
      `),
    ),
  };
}

async function orderIds(db: Db): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(sql`select id from orders order by id`)).map(
    (row) => row.id,
  );
}

// Instants around São Paulo's midnights (03:00 UTC), where a wrong zone moves a sale a day.
const instant = fc
  .record({ day: fc.integer({ min: 1, max: 4 }), minute: fc.integer({ min: -90, max: 90 }) })
  .map(({ day, minute }) =>
    new Date(Date.UTC(2026, 2, day + 10, 3, 0) + minute * 60_000).toISOString(),
  );
const pick = fc.nat({ max: 1_000 });

type Step =
  | { kind: 'place'; status: (typeof STATUSES)[number]; paidAt: string; method: string; n: number }
  | { kind: 'status'; order: number; status: (typeof STATUSES)[number] }
  | { kind: 'pay'; order: number; paidAt: string }
  | { kind: 'method'; order: number; method: string }
  | { kind: 'reprice'; order: number; unit: number }
  | { kind: 'dropItem'; order: number }
  | { kind: 'dropOrder'; order: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    status: fc.constantFrom(...STATUSES),
    paidAt: instant,
    method: fc.constantFrom(...METHODS),
    n: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    order: pick,
    status: fc.constantFrom(...STATUSES),
  }),
  fc.record({ kind: fc.constant('pay' as const), order: pick, paidAt: instant }),
  fc.record({
    kind: fc.constant('method' as const),
    order: pick,
    method: fc.constantFrom(...METHODS),
  }),
  fc.record({
    kind: fc.constant('reprice' as const),
    order: pick,
    unit: fc.integer({ min: 1, max: 90_000 }),
  }),
  fc.record({ kind: fc.constant('dropItem' as const), order: pick }),
  fc.record({ kind: fc.constant('dropOrder' as const), order: pick }),
);

async function run(db: Db, action: Step): Promise<void> {
  if (action.kind === 'place') {
    await insertOrderRow(
      db,
      {
        userId,
        status: action.status,
        paidAt: action.status === 'pending' ? null : action.paidAt,
        method: action.method as (typeof METHODS)[number],
        shippingCents: 1_990,
        lines: lines.slice(0, action.n),
      },
      NOW,
    );
    return;
  }
  const ids = await orderIds(db);
  if (ids.length === 0) return;
  const id = ids[action.order % ids.length] as number;
  switch (action.kind) {
    case 'status':
      await db.execute(sql`update orders set status = ${action.status} where id = ${id}`);
      return;
    case 'pay':
      await db.execute(
        sql`update orders set paid_at = ${action.paidAt}::timestamptz where id = ${id}`,
      );
      return;
    case 'method':
      await db.execute(sql`update orders set payment_method = ${action.method} where id = ${id}`);
      return;
    case 'reprice':
      // What reprice.ts does: the items first, then the order's totals from them.
      await db.execute(sql`
        update order_items set unit_price_cents = ${action.unit},
          total_cents = ${action.unit} * quantity, promotion_discount_cents = 0,
          coupon_discount_cents = 0
        where order_id = ${id}
      `);
      await db.execute(sql`
        update orders set subtotal_cents = s.total, total_cents = s.total + shipping_cents
        from (select coalesce(sum(total_cents), 0)::integer as total
              from order_items where order_id = ${id}) s
        where id = ${id}
      `);
      return;
    case 'dropItem':
      await db.execute(sql`
        delete from order_items where id = (select max(id) from order_items where order_id = ${id})
      `);
      return;
    case 'dropOrder':
      await db.execute(sql`delete from orders where id = ${id}`);
      return;
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const user = await createUser(database, { email: 'vendas.dia@example.com' });
  userId = user.id;
  const productIds = await insertProducts(
    db,
    [
      createProduct({
        name: 'Argola Soma',
        category: 'orelha',
        sku: 'SOMA-ARG',
        stock_quantity: 9,
      }),
      createProduct({
        name: 'Nostril Soma',
        category: 'nariz',
        sku: 'SOMA-NOS',
        stock_quantity: 9,
      }),
      createProduct({
        name: 'Barbell Soma',
        category: 'boca',
        sku: 'SOMA-BAR',
        stock_quantity: 9,
      }),
    ],
    NOW,
  );
  lines = await Promise.all(
    productIds.map(async (productId, index) => {
      const [variant] = rowsOf<{ id: number; sku: string }>(
        await db.execute(sql`select id, sku from product_variants where product_id = ${productId}`),
      );
      if (!variant) throw new Error('variant');
      return {
        productId,
        variantId: variant.id,
        sku: variant.sku,
        category: ['orelha', 'nariz', 'boca'][index] as string,
        quantity: index + 1,
        unitCents: 3_000 + index * 1_250,
      };
    }),
  );
});

afterAll(async () => {
  await database.close();
});

describe('sales kept per day', () => {
  it('equal a recount from the orders after any sequence of placing, paying, cancelling, refunding, re-pricing and deleting', async () => {
    let withSales = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const action of steps) await run(database.db, action);
        const now = await kept(database.db);
        expect(now).toEqual(await recounted(database.db));
        if (now.lines.length > 0) withSales += 1;
      }),
      { numRuns: 40 },
    );
    // Most sequences ended with sales (not comparisons of two empty lists).
    expect(withSales).toBeGreaterThan(5);
  });

  it('follow a variant deleted since: its lines keep the SKU, without the variant', async () => {
    const db = database.db;
    const [product] = (await insertProducts(
      db,
      [
        createProduct({
          name: 'Argola Apagada',
          category: 'orelha',
          sku: 'SOMA-DEL',
          stock_quantity: 3,
        }),
      ],
      NOW,
    )) as [number];
    const [variant] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from product_variants where product_id = ${product}`),
    );
    const line = {
      productId: product,
      variantId: variant?.id ?? 0,
      sku: 'SOMA-DEL',
      category: 'orelha',
      quantity: 1,
      unitCents: 2_000,
    };
    const order = await insertOrderRow(
      db,
      {
        userId,
        status: 'processing',
        paidAt: '2026-03-12T12:00:00Z',
        method: 'pix',
        shippingCents: 0,
        lines: [line],
      },
      NOW,
    );
    await db.execute(sql`delete from products where id = ${product}`);
    const [sold] = rowsOf<{ variant_id: number | null; sku: string }>(
      await db.execute(sql`select variant_id, sku from sales_lines where order_id = ${order}`),
    );
    expect(sold).toEqual({ variant_id: null, sku: 'SOMA-DEL' });
    expect(await kept(db)).toEqual(await recounted(db));
  });

  it('stay whole when a table of orders is emptied', async () => {
    const db = database.db;
    await db.execute(sql`truncate orders cascade`);
    expect(await kept(db)).toEqual({ days: [], lines: [] });
  });
});

describe.skipIf(inject('testDatabase').driver !== 'postgres')(
  'sales kept per day under payments at once on PostgreSQL',
  () => {
    it('count every one of 60 orders paid and cancelled on four connections at once, without a deadlock', async () => {
      const db = database.db;
      const ids: number[] = [];
      for (let index = 0; index < 60; index += 1) {
        ids.push(
          await insertOrderRow(
            db,
            {
              userId,
              status: 'pending',
              paidAt: null,
              method: METHODS[index % 3] as 'pix',
              shippingCents: 990,
              lines: lines.slice(0, 1 + (index % 3)),
            },
            NOW,
          ),
        );
      }
      const pay = (id: number, index: number) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`
            update orders set status = 'processing',
              paid_at = ${new Date(Date.UTC(2026, 2, 12 + (index % 2), 14, index)).toISOString()}::timestamptz
            where id = ${id}
          `);
        });
      await Promise.all(ids.map(pay));
      // Then a third cancelled while the rest ship, again all at once.
      await Promise.all(
        ids.map((id, index) =>
          db.execute(
            sql`update orders set status = ${index % 3 === 0 ? 'cancelled' : 'shipped'} where id = ${id}`,
          ),
        ),
      );
      const now = await kept(db);
      expect(now).toEqual(await recounted(db));
      expect(now.days.length).toBeGreaterThan(0);
    });
  },
);
