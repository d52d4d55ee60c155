// The last units sold across two real API processes sharing one PostgreSQL server: what in-process
// `inject` tests cannot show, since there every request shares one pool and one event loop.
// Runs only in `npm run test:pg` (a template database on the server); skipped on PGlite, which one
// process at a time may open.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { orderItems } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import {
  buyersWithCarts,
  expectSoldOut,
  orderAtOnce,
  twoApiProcesses,
} from '../../test/order-race.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';

const BUYERS = 30;
const UNITS = 10;
const PRODUCT_NAME = 'Argola Última Peça';

describe.skipIf(inject('testDatabase').driver !== 'postgres')(
  'last units across two API processes on PostgreSQL',
  () => {
    let productId = 0;
    const race = twoApiProcesses('lumina_race', async (db) => {
      [productId] = (await insertProducts(db, [
        createProduct({ name: PRODUCT_NAME, stock_quantity: UNITS }),
      ])) as [number];
    });

    async function stockNow(): Promise<number> {
      const [row] = await race
        .db()
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, productId));
      return row?.stock ?? Number.NaN;
    }

    it(`sells ${UNITS} units to ${BUYERS} buyers sending their orders at once`, async () => {
      const buyers = await buyersWithCarts(
        race,
        'corrida',
        Array.from({ length: BUYERS }, () => ({ product_id: productId, quantity: 1 })),
      );
      const { answers, observed } = await orderAtOnce(race, buyers, stockNow);

      const created = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(created).toHaveLength(UNITS);
      expect(refused).toHaveLength(BUYERS - UNITS);
      for (const answer of refused) expectSoldOut(answer, PRODUCT_NAME);
      expect(Math.min(...observed)).toBeGreaterThanOrEqual(0);
      expect(await stockNow()).toBe(0);
      const [sold] = await race
        .db()
        .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .where(eq(orderItems.productId, productId));
      expect(sold?.units).toBe(UNITS);
    }, 120_000);
  },
);
