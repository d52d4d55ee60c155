// The last units sold across two real API processes sharing one PostgreSQL server: what in-process
// `inject` tests cannot show, since there every request shares one pool and one event loop.
// Runs only in `npm run test:pg` (a template database on the server); skipped on PGlite, which one
// process at a time may open.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../db/database.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { registerUser } from '../../test/accounts.ts';
import {
  type ApiProcess,
  callApi as call,
  createDatabaseFromTemplate,
  STARTUP_TIMEOUT_MS,
  startApi,
  stopAllApis,
} from '../../test/api-process.ts';
import { checkoutBody } from '../../test/checkout-body.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';

const BUYERS = 30;
const UNITS = 10;
const PRODUCT_NAME = 'Argola Última Peça';

const template = inject('testDatabase');

describe.skipIf(template.driver !== 'postgres')(
  'last units across two API processes on PostgreSQL',
  () => {
    let database: Database | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;
    let productId = 0;
    let apis: ApiProcess[] = [];

    beforeAll(async () => {
      if (template.driver !== 'postgres') return;
      const created = await createDatabaseFromTemplate(
        template.serverUrl,
        template.template,
        'lumina_race',
      );
      dropDatabase = created.drop;
      database = openPostgres(created.url, { poolMax: 2 });
      [productId] = (await insertProducts(database.db, [
        createProduct({ name: PRODUCT_NAME, stock_quantity: UNITS }),
      ])) as [number];
      // Each buyer sends its own X-Forwarded-For, so 30 sign-ups from 127.0.0.1 are not throttled.
      const env = { TRUST_PROXY: '1' };
      // Both at once on a fresh database: they must take turns installing pg-boss's schema
      // (withInstallLock); before that lock one of them exited on a duplicate pg_namespace key.
      apis = await Promise.all([startApi(created.url, env), startApi(created.url, env)]);
    }, 2 * STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await stopAllApis();
      await database?.close();
      await dropDatabase?.();
    }, 60_000);

    async function stockNow(): Promise<number> {
      const [row] = await database!.db
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, productId));
      return row?.stock ?? Number.NaN;
    }

    it(`sells ${UNITS} units to ${BUYERS} buyers sending their orders at once`, async () => {
      const via = (index: number): ApiProcess => apis[index % 2]!;
      const buyers = await Promise.all(
        Array.from({ length: BUYERS }, async (_, index) => {
          const registered = await call(via(index), 'POST', '/api/users/register', {
            body: { user: registerUser({ email: `corrida${index}@example.com` }) },
            headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
          });
          expect(registered.status, JSON.stringify(registered.json)).toBe(201);
          return { authorization: `Bearer ${String(registered.json.access_token)}` };
        }),
      );
      // Carts filled through the other process than the one each buyer registered on.
      for (const [index, headers] of buyers.entries()) {
        const added = await call(via(index + 1), 'POST', '/api/carts/items', {
          body: { product_id: productId, quantity: 1 },
          headers,
        });
        expect(added.status, JSON.stringify(added.json)).toBe(201);
      }

      const observed: number[] = [];
      let racing = true;
      const watcher = (async () => {
        while (racing) observed.push(await stockNow());
      })();
      const answers = await Promise.all(
        buyers.map((headers, index) =>
          call(via(index), 'POST', '/api/orders', {
            body: checkoutBody(),
            headers: { ...headers, 'idempotency-key': randomUUID() },
          }),
        ),
      );
      racing = false;
      await watcher;

      const created = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(created).toHaveLength(UNITS);
      expect(refused).toHaveLength(BUYERS - UNITS);
      for (const answer of refused) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.json.message).toBe(
          `Estoque insuficiente para "${PRODUCT_NAME}": restam 0 unidades.`,
        );
      }
      expect(Math.min(...observed)).toBeGreaterThanOrEqual(0);
      expect(await stockNow()).toBe(0);
      const [sold] = await database!.db
        .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .where(eq(orderItems.productId, productId));
      expect(sold?.units).toBe(UNITS);
    }, 120_000);
  },
);
