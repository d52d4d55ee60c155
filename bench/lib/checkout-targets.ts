/** Targets of the checkout benchmark (bench/README.md, Checkout). */
export const CHECKOUT_TARGETS = {
  oversoldUnits: 0,
  statementsPerOrder: 12,
  /** The same order with a coupon in the cart: one more, the statement that holds its use. */
  statementsPerOrderWithCoupon: 13,
  /** A signed-in shopper's add: the session check, the add, the cart read back. */
  statementsPerAdd: 3,
  /** PostgreSQL, one shopper at a time. */
  addToCartP50Ms: 5,
  orderP50Ms: 20,
} as const;

export interface CheckoutFigures {
  driver: 'pglite' | 'postgres';
  oversoldUnits: number;
  singleAddP50Ms: number;
  singleOrderP50Ms: number;
}

/** What a configuration misses; the latency targets are PostgreSQL's only. */
export function checkoutMisses(figures: CheckoutFigures): string[] {
  const misses: string[] = [];
  if (figures.oversoldUnits > CHECKOUT_TARGETS.oversoldUnits) {
    misses.push(`oversold ${figures.oversoldUnits}`);
  }
  if (figures.driver === 'postgres') {
    if (!(figures.singleAddP50Ms < CHECKOUT_TARGETS.addToCartP50Ms)) misses.push('add p50');
    if (!(figures.singleOrderP50Ms < CHECKOUT_TARGETS.orderP50Ms)) misses.push('order p50');
  }
  return misses;
}

/** Throughput must grow with a second process; a gain under 5 % is noise on 2 shared cores. */
export function scalesWithSecondProcess(onePerSecond: number, twoPerSecond: number): boolean {
  return twoPerSecond > onePerSecond * 1.05;
}

/**
 * What the statement counts miss: at most statementsPerAdd per add, statementsPerOrder per order
 * and statementsPerOrderWithCoupon per order with a coupon.
 */
export function checkoutStatementMisses(count: {
  addToCart: number;
  order: number;
  orderWithCoupon: number;
}): string[] {
  const misses: string[] = [];
  if (count.addToCart > CHECKOUT_TARGETS.statementsPerAdd) misses.push(`add ${count.addToCart}`);
  if (count.order > CHECKOUT_TARGETS.statementsPerOrder) misses.push(`order ${count.order}`);
  if (count.orderWithCoupon > CHECKOUT_TARGETS.statementsPerOrderWithCoupon) {
    misses.push(`order with coupon ${count.orderWithCoupon}`);
  }
  return misses;
}
