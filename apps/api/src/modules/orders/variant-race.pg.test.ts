// The last units of one variant sold across two real API processes sharing one PostgreSQL server,
// while another variant of the same product keeps selling: stock is per variant, and buyers of
// different variants never refuse or block each other out of a sale.
// Runs only in `npm run test:pg` (a template database on the server); skipped on PGlite, which one
// process at a time may open.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../db/database.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { products, productVariants } from '../../db/schema/products.ts';
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

const LAST = 5;
const SCARCE_BUYERS = 30;
const FREE_BUYERS = 20;
const PRODUCT_NAME = 'Argola Clicker Variantes';

const template = inject('testDatabase');

describe.skipIf(template.driver !== 'postgres')(
  'the last units of one variant across two API processes on PostgreSQL',
  () => {
    let database: Database | undefined;
    let dropDatabase: (() => Promise<void>) | undefined;
    let productId = 0;
    let scarce = 0;
    let plenty = 0;
    let apis: ApiProcess[] = [];

    beforeAll(async () => {
      if (template.driver !== 'postgres') return;
      const created = await createDatabaseFromTemplate(
        template.serverUrl,
        template.template,
        'lumina_variant_race',
      );
      dropDatabase = created.drop;
      database = openPostgres(created.url, { poolMax: 2 });
      [productId] = (await insertProducts(database.db, [
        createProduct({
          name: PRODUCT_NAME,
          sku: 'RACE-CLK',
          options: [{ name: 'Diâmetro', values: ['8 mm', '10 mm'] }],
          variants: [
            { sku: 'RACE-CLK-8', option_values: { Diâmetro: '8 mm' }, stock_quantity: LAST },
            { sku: 'RACE-CLK-10', option_values: { Diâmetro: '10 mm' }, stock_quantity: 100 },
          ],
        }),
      ])) as [number];
      const variants = await database.db
        .select({ id: productVariants.id, sku: productVariants.sku })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      scarce = variants.find((variant) => variant.sku === 'RACE-CLK-8')!.id;
      plenty = variants.find((variant) => variant.sku === 'RACE-CLK-10')!.id;
      const env = { TRUST_PROXY: '1' };
      apis = await Promise.all([startApi(created.url, env), startApi(created.url, env)]);
    }, 2 * STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await stopAllApis();
      await database?.close();
      await dropDatabase?.();
    }, 60_000);

    async function stockOf(variantId: number): Promise<number> {
      const [row] = await database!.db
        .select({ stock: productVariants.stockQuantity })
        .from(productVariants)
        .where(eq(productVariants.id, variantId));
      return row?.stock ?? Number.NaN;
    }

    it(`sells the last ${LAST} of one variant to ${SCARCE_BUYERS} buyers while the other sells freely`, async () => {
      const via = (index: number): ApiProcess => apis[index % 2]!;
      const wants = [
        ...Array.from({ length: SCARCE_BUYERS }, () => scarce),
        ...Array.from({ length: FREE_BUYERS }, () => plenty),
      ];
      const buyers = await Promise.all(
        wants.map(async (variantId, index) => {
          const registered = await call(via(index), 'POST', '/api/users/register', {
            body: { user: registerUser({ email: `variante${index}@example.com` }) },
            headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
          });
          expect(registered.status, JSON.stringify(registered.json)).toBe(201);
          return { authorization: `Bearer ${String(registered.json.access_token)}`, variantId };
        }),
      );
      for (const [index, { authorization, variantId }] of buyers.entries()) {
        const added = await call(via(index + 1), 'POST', '/api/carts/items', {
          body: { product_id: productId, variant_id: variantId, quantity: 1 },
          headers: { authorization },
        });
        expect(added.status, JSON.stringify(added.json)).toBe(201);
      }

      const observed: number[] = [];
      let racing = true;
      const watcher = (async () => {
        while (racing) observed.push(await stockOf(scarce));
      })();
      const answers = await Promise.all(
        buyers.map(({ authorization }, index) =>
          call(via(index), 'POST', '/api/orders', {
            body: checkoutBody(),
            headers: { authorization, 'idempotency-key': randomUUID() },
          }),
        ),
      );
      racing = false;
      await watcher;

      const scarceAnswers = answers.slice(0, SCARCE_BUYERS);
      const freeAnswers = answers.slice(SCARCE_BUYERS);
      expect(scarceAnswers.filter((answer) => answer.status === 201)).toHaveLength(LAST);
      for (const answer of scarceAnswers.filter((answer) => answer.status !== 201)) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.json.message).toBe(
          `Estoque insuficiente para "${PRODUCT_NAME}": restam 0 unidades.`,
        );
      }
      expect(freeAnswers.map((answer) => answer.status)).toEqual(
        Array.from({ length: FREE_BUYERS }, () => 201),
      );
      expect(Math.min(...observed)).toBeGreaterThanOrEqual(0);
      expect(await stockOf(scarce)).toBe(0);
      expect(await stockOf(plenty)).toBe(100 - FREE_BUYERS);
      // The product's own count is the sum of its variants', kept by the database.
      const [product] = await database!.db
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, productId));
      expect(product?.stock).toBe(100 - FREE_BUYERS);
      const sold = await database!.db
        .select({
          variantId: orderItems.variantId,
          sku: orderItems.sku,
          units: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .where(eq(orderItems.productId, productId))
        .groupBy(orderItems.variantId, orderItems.sku)
        .orderBy(orderItems.sku);
      expect(sold).toEqual([
        { variantId: plenty, sku: 'RACE-CLK-10', units: FREE_BUYERS },
        { variantId: scarce, sku: 'RACE-CLK-8', units: LAST },
      ]);
    }, 120_000);
  },
);
