// A coupon's last uses across two real API processes sharing one PostgreSQL server: the claim's
// conditional update must give each use to exactly one order however the requests interleave.
// Runs only in `npm run test:pg` (a template database on the server); skipped on PGlite, which one
// process at a time may open.
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { carts } from '../../db/schema/carts.ts';
import { orders } from '../../db/schema/orders.ts';
import { coupons, couponUses } from '../../db/schema/promotions.ts';
import { products } from '../../db/schema/products.ts';
import { buyersWithCarts, orderAtOnce, twoApiProcesses } from '../../test/order-race.ts';
import { insertCoupon } from '../../test/coupon-builder.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';

const BUYERS = 20;
const USES = 5;
const CODE = 'CORRIDA5';

describe.skipIf(inject('testDatabase').driver !== 'postgres')(
  "a coupon's last uses across two API processes on PostgreSQL",
  () => {
    let productId = 0;
    let couponId = 0;
    const race = twoApiProcesses('lumina_coupon_race', async (db) => {
      [productId] = (await insertProducts(db, [
        createProduct({ name: 'Argola do Cupom', price_cents: 10000, stock_quantity: 1000 }),
      ])) as [number];
      couponId = (await insertCoupon(db, { code: CODE, value: 1000, usageLimit: USES })).id;
    });

    async function stockNow(): Promise<number> {
      const [row] = await race
        .db()
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, productId));
      return row?.stock ?? Number.NaN;
    }

    it(`gives ${USES} uses to ${BUYERS} buyers ordering at once`, async () => {
      const buyers = await buyersWithCarts(
        race,
        'cupom',
        Array.from({ length: BUYERS }, () => ({ product_id: productId, quantity: 1 })),
      );
      // Every cart holds the code (the apply route is tested beside it).
      await race.db().update(carts).set({ couponCode: CODE });
      const { answers } = await orderAtOnce(race, buyers, stockNow);

      const created = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(created).toHaveLength(USES);
      for (const answer of created) {
        expect(answer.json.order).toMatchObject({ coupon_code: CODE, coupon_discount_cents: 950 });
      }
      expect(refused).toHaveLength(BUYERS - USES);
      for (const answer of refused) {
        expect(answer.status).toBe(422);
        expect(answer.json).toMatchObject({
          message: COUPON_MESSAGES.exhausted,
          code: 'coupon_rejected',
        });
      }
      const [coupon] = await race.db().select().from(coupons).where(eq(coupons.id, couponId));
      expect(coupon?.usesCount).toBe(USES);
      const [held] = await race
        .db()
        .select({ uses: sql<number>`count(*)::int` })
        .from(couponUses)
        .where(and(eq(couponUses.couponId, couponId), isNull(couponUses.releasedAt)));
      expect(held?.uses).toBe(USES);
      const [placed] = await race
        .db()
        .select({ orders: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.couponCode, CODE));
      expect(placed?.orders).toBe(USES);
      // The refused orders took no stock.
      expect(await stockNow()).toBe(1000 - USES);
    }, 120_000);
  },
);
