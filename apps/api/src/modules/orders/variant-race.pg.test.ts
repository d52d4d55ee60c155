// The last units of one variant sold across two real API processes sharing one PostgreSQL server,
// while another variant of the same product keeps selling: stock is per variant, and buyers of
// different variants never refuse or block each other out of a sale.
// Runs only in `npm run test:pg` (a template database on the server); skipped on PGlite, which one
// process at a time may open.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { orderItems } from '../../db/schema/orders.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import {
  buyersWithCarts,
  expectSoldOut,
  orderAtOnce,
  twoApiProcesses,
} from '../../test/order-race.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';

const LAST = 5;
const SCARCE_BUYERS = 30;
const FREE_BUYERS = 20;
const PRODUCT_NAME = 'Argola Clicker Variantes';

describe.skipIf(inject('testDatabase').driver !== 'postgres')(
  'the last units of one variant across two API processes on PostgreSQL',
  () => {
    let productId = 0;
    let scarce = 0;
    let plenty = 0;
    const race = twoApiProcesses('lumina_variant_race', async (db) => {
      [productId] = (await insertProducts(db, [
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
      const variants = await db
        .select({ id: productVariants.id, sku: productVariants.sku })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      scarce = variants.find((variant) => variant.sku === 'RACE-CLK-8')!.id;
      plenty = variants.find((variant) => variant.sku === 'RACE-CLK-10')!.id;
    });

    async function stockOf(variantId: number): Promise<number> {
      const [row] = await race
        .db()
        .select({ stock: productVariants.stockQuantity })
        .from(productVariants)
        .where(eq(productVariants.id, variantId));
      return row?.stock ?? Number.NaN;
    }

    it(`sells the last ${LAST} of one variant to ${SCARCE_BUYERS} buyers while the other sells freely`, async () => {
      const wants = [
        ...Array.from({ length: SCARCE_BUYERS }, () => scarce),
        ...Array.from({ length: FREE_BUYERS }, () => plenty),
      ];
      const buyers = await buyersWithCarts(
        race,
        'variante',
        wants.map((variantId) => ({ product_id: productId, variant_id: variantId, quantity: 1 })),
      );
      const { answers, observed } = await orderAtOnce(race, buyers, () => stockOf(scarce));

      const scarceAnswers = answers.slice(0, SCARCE_BUYERS);
      const freeAnswers = answers.slice(SCARCE_BUYERS);
      expect(scarceAnswers.filter((answer) => answer.status === 201)).toHaveLength(LAST);
      for (const answer of scarceAnswers.filter((answer) => answer.status !== 201)) {
        expectSoldOut(answer, PRODUCT_NAME);
      }
      expect(freeAnswers.map((answer) => answer.status)).toEqual(
        Array.from({ length: FREE_BUYERS }, () => 201),
      );
      expect(Math.min(...observed)).toBeGreaterThanOrEqual(0);
      expect(await stockOf(scarce)).toBe(0);
      expect(await stockOf(plenty)).toBe(100 - FREE_BUYERS);
      // The product's own count is the sum of its variants', kept by the database.
      const [product] = await race
        .db()
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, productId));
      expect(product?.stock).toBe(100 - FREE_BUYERS);
      const sold = await race
        .db()
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
