import type { Database } from '../../apps/api/src/db/database.ts';
import { poolOf } from '../../apps/api/src/jobs/pg-boss-db.ts';
import { must } from './must.ts';

/**
 * A shop's history for the owner's home, on top of the admin table's catalogue
 * (admin-products-seed.ts): `customers` shoppers, `orders` orders placed over the last `days`
 * days (evenly, at every hour of the day) with 1 to 3 items each on variants spread over the
 * catalogue, a payment row each, and carts and the queue's rows (labels, NF-e, returns, LGPD
 * requests, messages, alerts) in believable numbers. Deterministic: order i is the same every run.
 *
 * Order i's fate by i % 100: 0-3 awaiting payment, 4-9 cancelled unpaid, 10-15 cancelled after
 * payment, 16-18 refunded, 19-25 paid not shipped, 26-40 shipped, 41-99 delivered; method by
 * i % 10: 0-5 PIX, 6-8 card, 9 boleto.
 */
export interface DashboardSeedSize {
  customers: number;
  orders: number;
  days: number;
}

const statusOf = (i: string) => `CASE
    WHEN ${i} % 100 < 4 THEN 'pending'
    WHEN ${i} % 100 < 16 THEN 'cancelled'
    WHEN ${i} % 100 < 19 THEN 'refunded'
    WHEN ${i} % 100 < 26 THEN 'processing'
    WHEN ${i} % 100 < 41 THEN 'shipped'
    ELSE 'delivered' END`;
const paid = (i: string) => `(${i} % 100 >= 10)`;
const methodOf = (i: string) =>
  `CASE WHEN ${i} % 10 < 6 THEN 'pix' WHEN ${i} % 10 < 9 THEN 'card' ELSE 'boleto' END`;
/** Item k of order i: unit price and quantity (integer cents; no discounts, so totals add up). */
const unitOf = (i: string, k: string) => `(1990 + ((${i} * 37 + ${k} * 11) % 60) * 100)`;
const quantityOf = (i: string, k: string) => `(1 + (${i} + ${k}) % 3)`;
const itemsOf = (i: string) => `(1 + ${i} % 3)`;

function ordersSql({ customers, orders, days }: DashboardSeedSize): string {
  return `
WITH buyers AS (
  SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE role = 'customer'
),
o AS (
  SELECT i,
    now() - make_interval(secs => (${days}::float8 * 86400 * i) / ${orders} + 1800) AS placed_at,
    (SELECT sum(${unitOf('i', 'k')} * ${quantityOf('i', 'k')})
       FROM generate_series(1, ${itemsOf('i')}) AS k) AS subtotal
  FROM generate_series(1, ${orders}) AS i
)
INSERT INTO orders (user_id, status, payment_status, payment_method, customer_name, customer_email,
  shipping_address, shipping_method, shipping_name, shipping_delivery_days, subtotal_cents,
  shipping_cents, total_cents, idempotency_key, paid_at, shipped_at, delivered_at, cancelled_at,
  refund_status, created_at, updated_at)
SELECT b.id, ${statusOf('o.i')},
  CASE WHEN ${paid('o.i')} AND o.i % 100 NOT BETWEEN 16 AND 18 THEN 'approved'
       WHEN ${paid('o.i')} THEN 'refunded' WHEN o.i % 100 < 4 THEN 'pending' ELSE 'cancelled' END,
  ${methodOf('o.i')}, 'Cliente ' || b.id, 'cliente' || b.id || '@example.com',
  '{"street":"Rua A","number":"1","complement":null,"neighborhood":"Centro","city":"São Paulo","state":"SP","zipCode":"01001000"}'::jsonb,
  'pac', 'PAC', 6, o.subtotal, 1590, o.subtotal + 1590, 'bench-' || o.i,
  CASE WHEN ${paid('o.i')} THEN o.placed_at + interval '5 minutes' END,
  CASE WHEN o.i % 100 >= 26 THEN o.placed_at + interval '1 day' END,
  CASE WHEN o.i % 100 >= 41 THEN o.placed_at + interval '6 days' END,
  CASE WHEN o.i % 100 BETWEEN 4 AND 15 THEN o.placed_at + interval '1 hour' END,
  CASE WHEN o.i % 100 BETWEEN 16 AND 18 THEN 'refunded' ELSE 'none' END,
  o.placed_at, o.placed_at
FROM o JOIN buyers b ON b.n = (o.i * 7919) % ${customers}
ORDER BY o.i`;
}

const ITEMS_SQL = `
WITH v AS (
  SELECT pv.id, pv.product_id, pv.sku, pv.option_values, p.name, p.category,
    row_number() OVER (ORDER BY pv.id) - 1 AS n
  FROM product_variants pv JOIN products p ON p.id = pv.product_id
),
-- One number, not a column of v: the join below stays an equality PostgreSQL can hash.
total AS MATERIALIZED (SELECT count(*) AS total FROM product_variants),
o AS (SELECT id, substr(idempotency_key, 7)::int AS i FROM orders WHERE idempotency_key LIKE 'bench-%')
INSERT INTO order_items (order_id, product_id, variant_id, option_values, product_name, sku,
  category, list_price_cents, pix_price_cents, unit_price_cents, quantity, total_cents)
SELECT o.id, v.product_id, v.id, v.option_values, v.name, v.sku, v.category,
  ${unitOf('o.i', 'k')}, ${unitOf('o.i', 'k')}, ${unitOf('o.i', 'k')}, ${quantityOf('o.i', 'k')},
  ${unitOf('o.i', 'k')} * ${quantityOf('o.i', 'k')}
FROM o CROSS JOIN total CROSS JOIN LATERAL generate_series(1, ${itemsOf('o.i')}) AS k
-- Popular variants sell more: the square skews the picks towards the low numbers.
JOIN v ON v.n = (((o.i::bigint * 104729 + k * 7907) % 1000) * ((o.i::bigint * 104729 + k * 7907) % 1000) / 50) % total.total
ORDER BY o.id, k`;

const PAYMENTS_SQL = `
INSERT INTO payments (order_id, provider, status, amount_cents, method, expires_at, approved_at,
  created_at, updated_at, gateway_payment_id)
SELECT id, CASE WHEN payment_method = 'pix' THEN 'pix_builtin' ELSE 'mercadopago' END,
  CASE WHEN paid_at IS NOT NULL AND status = 'refunded' THEN 'refunded'
       WHEN paid_at IS NOT NULL THEN 'approved'
       WHEN status = 'pending' THEN 'pending' ELSE 'cancelled' END,
  total_cents, payment_method, created_at + interval '30 minutes', paid_at, created_at, created_at,
  'bench-pay-' || id
FROM orders`;

/** Carts: anonymous ones touched over the period, and the lines of a third of them. */
function cartsSql(count: number, days: number): string[] {
  return [
    `INSERT INTO carts (session_id, created_at, updated_at)
     SELECT gen_random_uuid(), now() - make_interval(secs => (${days}::float8 * 86400 * i) / ${count}),
       now() - make_interval(secs => (${days}::float8 * 86400 * i) / ${count})
     FROM generate_series(1, ${count}) AS i`,
    `INSERT INTO cart_items (cart_id, product_id, variant_id, quantity, created_at, updated_at)
     SELECT c.id, v.product_id, v.id, 1, c.updated_at, c.updated_at
     FROM carts c JOIN LATERAL (
       SELECT id, product_id FROM product_variants WHERE id = 1 + (c.id * 7919) % 20000
     ) v ON true
     WHERE c.id % 3 = 0`,
  ];
}

/** The queue's rows: a few hundred of each, some needing the shop. */
const QUEUE_SQL = [
  `INSERT INTO shipping_labels (order_id, service_id, state, last_error, last_error_at)
   SELECT id, 1, CASE WHEN id % 10 = 0 THEN 'carted' ELSE 'generated' END,
     CASE WHEN id % 10 = 0 THEN 'Saldo insuficiente' END, CASE WHEN id % 10 = 0 THEN paid_at END
   FROM orders WHERE status IN ('processing', 'shipped') AND id % 4 = 0`,
  `INSERT INTO invoices (order_id, state, reason)
   SELECT id, CASE WHEN id % 20 = 0 THEN 'rejected' ELSE 'authorised' END,
     CASE WHEN id % 20 = 0 THEN 'CFOP inválido' END
   FROM orders WHERE status IN ('shipped', 'delivered') AND id % 5 = 0`,
  `INSERT INTO return_requests (protocol, order_id, user_id, type, status, answer_by, created_at, updated_at)
   SELECT 'DEV-BENCH-' || id, id, user_id, CASE WHEN id % 2 = 0 THEN 'withdrawal' ELSE 'exchange' END,
     (ARRAY['requested', 'instructions_sent', 'received', 'refunded', 'rejected'])[1 + id % 5],
     delivered_at + interval '5 days', delivered_at, delivered_at
   FROM orders WHERE status = 'delivered' AND id % 50 = 0`,
  `INSERT INTO privacy_requests (user_id, type, status, requested_at, deadline_at)
   SELECT id, 'access', CASE WHEN id % 3 = 0 THEN 'requested' ELSE 'completed' END,
     now() - make_interval(days => id % 30), now() + make_interval(days => 21 - id % 30)
   FROM users WHERE role = 'customer' AND id % 200 = 0`,
  `INSERT INTO contact_messages (name, email, message, ip, status, created_at)
   SELECT 'Cliente ' || i, 'contato' || i || '@example.com', 'Olá, tenho uma dúvida.',
     '198.51.100.' || (i % 250), CASE WHEN i % 4 = 0 THEN 'new' ELSE 'read' END,
     now() - make_interval(hours => i)
   FROM generate_series(1, 1000) AS i`,
  `INSERT INTO security_alerts (rule, subject, severity, message, occurrences, first_seen_at, last_seen_at, created_at)
   SELECT 'brute_force', 'ip-' || i, 'warning', 'Muitas tentativas', 5,
     now() - make_interval(hours => i * 6), now() - make_interval(hours => i * 6), now() - make_interval(hours => i * 6)
   FROM generate_series(1, 200) AS i`,
  `UPDATE product_variants SET low_stock_threshold = 8 WHERE id % 17 = 0`,
];

/** Writes the history into a migrated database that already holds the catalogue. */
export async function seedDashboardHistory(
  database: Database,
  size: DashboardSeedSize,
): Promise<Record<string, number>> {
  const pool = poolOf(database);
  must(pool, 'openPostgres returned no pg.Pool');
  const started = performance.now();
  await pool.query(
    `INSERT INTO users (email, name, role, privacy_policy_accepted, terms_of_service_accepted, created_at)
     SELECT 'cliente' || i || '@example.com', 'Cliente ' || i, 'customer', true, true,
       now() - make_interval(days => 200 - i % 200)
     FROM generate_series(1, $1::int) AS i`,
    [size.customers],
  );
  await pool.query(ordersSql(size));
  await pool.query(ITEMS_SQL);
  await pool.query(PAYMENTS_SQL);
  for (const statement of cartsSql(Math.round(size.orders * 0.8), size.days)) {
    await pool.query(statement);
  }
  for (const statement of QUEUE_SQL) await pool.query(statement);
  // What autovacuum does soon after an import: statistics for the planner, and the visibility
  // map that lets index-only scans skip the table.
  for (const table of [
    'users',
    'orders',
    'order_items',
    'payments',
    'carts',
    'cart_items',
    'shipping_labels',
    'invoices',
    'return_requests',
    'privacy_requests',
    'contact_messages',
    'security_alerts',
    'product_variants',
  ]) {
    await pool.query(`VACUUM ANALYZE ${table}`);
  }
  const counts = await pool.query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM orders) AS orders,
      (SELECT count(*)::int FROM order_items) AS order_items,
      (SELECT count(*)::int FROM payments) AS payments,
      (SELECT count(*)::int FROM carts) AS carts,
      (SELECT count(*)::int FROM orders WHERE paid_at IS NOT NULL AND status IN ('processing', 'shipped', 'delivered')) AS revenue_orders`);
  const row = counts.rows[0];
  must(row && row.orders === size.orders, `expected ${size.orders} orders, found ${row?.orders}`);
  console.error(
    `· history written in ${Math.round(performance.now() - started)} ms: ${JSON.stringify(row)}`,
  );
  return row;
}
