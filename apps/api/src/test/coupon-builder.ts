// No test-runner imports here: the benchmarks use it outside Vitest.
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { coupons } from '../db/schema/promotions.ts';
import { toCouponRule } from '../modules/promotions/rule-row.ts';

let sequence = 0;

/** A live 10 % coupon for the whole shop, no limits; tests override what they are about. */
export function createCouponRule(overrides: Partial<CouponRule> = {}): CouponRule {
  sequence += 1;
  return {
    id: sequence,
    code: `CUPOM${sequence}`,
    name: null,
    kind: 'percent',
    value: 1000,
    maxDiscountCents: null,
    minOrderCents: null,
    categories: [],
    productIds: [],
    shippingMethods: [],
    states: [],
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    firstPurchaseOnly: false,
    combinesWithPix: true,
    combinesWithSale: true,
    active: true,
    ...overrides,
  };
}

/** Inserts a coupon (or, with `code: null`, an automatic promotion) and answers its rule. */
export async function insertCoupon(
  db: Db,
  overrides: Partial<Omit<CouponRule, 'id'>> = {},
): Promise<CouponRule> {
  const { id: _id, ...values } = createCouponRule(overrides);
  const [row] = await db.insert(coupons).values(values).returning();
  if (!row) throw new Error('coupon insert returned no row');
  return toCouponRule(row);
}

/** The shop's automatic promotions read from the table: what tests pass as `promotionRules`. */
export function promotionRulesFrom(db: () => Db): () => Promise<CouponRule[]> {
  return async () =>
    (await db().select().from(coupons).where(isNull(coupons.code))).map(toCouponRule);
}

/** A coupon's held uses now. */
export async function usesCountOf(db: Db, couponId: number): Promise<number> {
  const [row] = await db
    .select({ uses: coupons.usesCount })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  return row?.uses ?? Number.NaN;
}
