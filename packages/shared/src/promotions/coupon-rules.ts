import type { StateCode } from '../addresses/brazil-states.ts';
import type { ShippingMethod } from '../constants/storefront-constants.ts';
import { COUPON_MESSAGES } from './coupon-messages.ts';

/**
 * The discount engine: coupons (a code the shopper types or follows in a link) and automatic
 * promotions (the same rule without a code) priced against a cart or an order's lines. Pure: the
 * server calls it for the cart, for apply_coupon and in the order's transaction, the browser
 * never computes money with it. Everything is integer cents.
 */

export const COUPON_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A coupon (with a code) or an automatic promotion (without), as the engine reads it. */
export interface CouponRule {
  id: number;
  /** Upper case; null for an automatic promotion. */
  code: string | null;
  /** What an automatic promotion is called on the cards ('10% em toda a categoria Nariz'). */
  name: string | null;
  kind: CouponKind;
  /** Percent in hundredths of a percent (1000 = 10%), fixed in cents, 0 for free shipping. */
  value: number;
  /** Caps a percent discount over the whole order; null: no cap. */
  maxDiscountCents: number | null;
  /** The cart's products at their regular prices must reach this; null: any order. */
  minOrderCents: number | null;
  /** Scope: both empty means the whole shop, else products of these categories or these ids. */
  categories: string[];
  productIds: number[];
  /** Free shipping: the methods it covers (empty: all). */
  shippingMethods: ShippingMethod[];
  /** Free shipping: the delivery states it covers (empty: all of Brazil). */
  states: StateCode[];
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  firstPurchaseOnly: boolean;
  /** Stacks on the PIX price; when not, a PIX line gets the better of the two. */
  combinesWithPix: boolean;
  /** Also discounts products already on sale (own PIX or sale price, or a promotion). */
  combinesWithSale: boolean;
  active: boolean;
}

/** Prices an order is charged at: PIX pays the PIX price, a card or a boleto the list price. */
export type PriceBasis = 'pix' | 'list';

/** One cart or order line as the engine prices it. */
export interface PricingLine {
  /** The caller's id for the line (cart line or order item); results come back by it. */
  key: number;
  productId: number;
  category: string;
  quantity: number;
  /** Unit list price. */
  listCents: number;
  /** Unit PIX price (the product's own or the settings' PIX discount off the list price). */
  pixCents: number;
  /** The product has its own sale or PIX price below its list price. */
  onSale: boolean;
}

export interface PricedLine {
  key: number;
  /** Unit price at the basis: the item's price before any discount. */
  unitCents: number;
  /** unitCents x quantity. */
  baseCents: number;
  promotionDiscountCents: number;
  couponDiscountCents: number;
  /** baseCents less both discounts; never below one cent per unit. */
  totalCents: number;
  /** The automatic promotion that discounts this line, if any. */
  promotionId: number | null;
}

export type CouponProblem =
  'inactive' | 'not_started' | 'expired' | 'min_order' | 'no_eligible_items';

export interface PricingResult {
  basis: PriceBasis;
  lines: PricedLine[];
  subtotalCents: number;
  promotionDiscountCents: number;
  couponDiscountCents: number;
  /** Items to pay: subtotal less both discounts. */
  totalCents: number;
  /** The automatic promotions that discount some line. */
  promotions: CouponRule[];
  /** The coupon priced, or why it does not apply to this cart now. */
  coupon: { rule: CouponRule; problem: CouponProblem | null } | null;
}

export interface PricingInput {
  lines: PricingLine[];
  basis: PriceBasis;
  coupon: CouponRule | null;
  /** The shop's automatic promotions (inactive or out-of-date ones are skipped here). */
  promotions: readonly CouponRule[];
  now: Date;
}

const HUNDRED_PERCENT = 10_000;

/** The goods at their regular prices: what a minimum order and free shipping compare. */
export function listSubtotalCents(lines: readonly PricingLine[]): number {
  return lines.reduce((sum, line) => sum + line.listCents * line.quantity, 0);
}

function inScope(rule: CouponRule, line: PricingLine): boolean {
  if (rule.categories.length === 0 && rule.productIds.length === 0) return true;
  return rule.categories.includes(line.category) || rule.productIds.includes(line.productId);
}

/** Whether the rule is switched on and inside its dates; a problem names why not. */
export function timeProblem(
  rule: CouponRule,
  now: Date,
): 'inactive' | 'not_started' | 'expired' | null {
  if (!rule.active) return 'inactive';
  if (rule.startsAt && now < rule.startsAt) return 'not_started';
  if (rule.endsAt && now >= rule.endsAt) return 'expired';
  return null;
}

/** Percent off an amount, rounded down: a cent that cannot be split stays with the shop. */
function percentOf(cents: number, hundredths: number): number {
  return Math.floor((cents * hundredths) / HUNDRED_PERCENT);
}

/**
 * Splits `total` cents over `weights` in proportion, exactly (largest remainder), each share at
 * most its weight.
 */
export function splitProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const capped = Math.min(total, sum);
  const shares = weights.map((weight) => Math.floor((capped * weight) / sum));
  let left = capped - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((weight, index) => ({ index, remainder: (capped * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    if (shares[index]! < weights[index]!) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** What a line may lose at most: it keeps one cent per unit, so nothing is ever free or negative. */
function room(baseCents: number, quantity: number): number {
  return Math.max(0, baseCents - quantity);
}

/** The discount of an item rule (percent or fixed) over lines, each limited by its room. */
function itemDiscounts(rule: CouponRule, bases: readonly number[], rooms: readonly number[]) {
  if (rule.kind === 'free_shipping') return bases.map(() => 0);
  if (rule.kind === 'percent') {
    const plain = bases.map((base, i) => Math.min(percentOf(base, rule.value), rooms[i]!));
    const sum = plain.reduce((a, b) => a + b, 0);
    if (rule.maxDiscountCents === null || sum <= rule.maxDiscountCents) return plain;
    return splitProportionally(rule.maxDiscountCents, plain);
  }
  return splitProportionally(rule.value, rooms);
}

function bestPromotion(
  promotions: readonly CouponRule[],
  line: PricingLine,
  base: number,
): CouponRule | null {
  let best: CouponRule | null = null;
  for (const rule of promotions) {
    if (rule.kind !== 'percent' || !inScope(rule, line)) continue;
    if (!best || percentOf(base, rule.value) > percentOf(base, best.value)) best = rule;
  }
  return best;
}

/** The automatic promotions that apply now to a cart of this regular-price subtotal. */
export function livePromotions(
  promotions: readonly CouponRule[],
  now: Date,
  listSubtotal: number,
): CouponRule[] {
  return promotions.filter(
    (rule) =>
      rule.code === null &&
      timeProblem(rule, now) === null &&
      (rule.minOrderCents === null || listSubtotal >= rule.minOrderCents),
  );
}

/**
 * Prices lines at a basis: each line first gets the best automatic percent promotion that covers
 * it, then the coupon over the lines in its scope. A coupon that does not stack with PIX gives a
 * PIX line the better of the PIX price and the coupon on the list price. A coupon whose problem
 * is not null gives nothing; the caller says why.
 */
export function priceLines(input: PricingInput): PricingResult {
  const { lines, basis, coupon, now } = input;
  const listSubtotal = listSubtotalCents(lines);
  const promotions = livePromotions(input.promotions, now, listSubtotal);

  const priced = lines.map((line) => {
    const unit = basis === 'pix' ? line.pixCents : line.listCents;
    const base = unit * line.quantity;
    const promotion = bestPromotion(promotions, line, base);
    const promotionDiscount = promotion
      ? Math.min(percentOf(base, promotion.value), room(base, line.quantity))
      : 0;
    // The same promotion on the list price: what a coupon that does not stack with PIX is on.
    const listBase = line.listCents * line.quantity;
    const listPromotion = promotion
      ? Math.min(percentOf(listBase, promotion.value), room(listBase, line.quantity))
      : 0;
    return { line, unit, base, promotion, promotionDiscount, listBase, listPromotion };
  });

  let problem: CouponProblem | null = null;
  const couponDiscounts = priced.map(() => 0);
  if (coupon) {
    problem = timeProblem(coupon, now);
    if (!problem && coupon.minOrderCents !== null && listSubtotal < coupon.minOrderCents) {
      problem = 'min_order';
    }
    const eligible = priced
      .map((entry, index) => ({ entry, index }))
      .filter(
        ({ entry }) =>
          inScope(coupon, entry.line) &&
          (coupon.combinesWithSale || (!entry.line.onSale && entry.promotionDiscount === 0)),
      );
    if (!problem && coupon.kind !== 'free_shipping' && eligible.length === 0) {
      problem = 'no_eligible_items';
    }
    if (!problem && coupon.kind !== 'free_shipping') {
      // Not stacking with PIX, a PIX line's coupon is figured on its list price.
      const onList = basis === 'pix' && !coupon.combinesWithPix;
      const after = eligible.map(({ entry }) =>
        onList ? entry.listBase - entry.listPromotion : entry.base - entry.promotionDiscount,
      );
      const rooms = eligible.map(({ entry }, i) => room(after[i]!, entry.line.quantity));
      const raw = itemDiscounts(coupon, after, rooms);
      eligible.forEach(({ entry, index }, i) => {
        if (!onList) {
          couponDiscounts[index] = raw[i]!;
          return;
        }
        // The better of the two: the coupon counts only for what it saves below the PIX price.
        const withCoupon = after[i]! - raw[i]!;
        const withPix = entry.base - entry.promotionDiscount;
        couponDiscounts[index] = Math.max(0, withPix - withCoupon);
      });
    }
  }

  const result = priced.map((entry, index): PricedLine => {
    const couponDiscount = couponDiscounts[index]!;
    return {
      key: entry.line.key,
      unitCents: entry.unit,
      baseCents: entry.base,
      promotionDiscountCents: entry.promotionDiscount,
      couponDiscountCents: couponDiscount,
      totalCents: entry.base - entry.promotionDiscount - couponDiscount,
      promotionId: entry.promotionDiscount > 0 ? (entry.promotion?.id ?? null) : null,
    };
  });
  const sum = (pick: (line: PricedLine) => number) =>
    result.reduce((total, line) => total + pick(line), 0);
  const usedPromotionIds = new Set(result.map((line) => line.promotionId));
  return {
    basis,
    lines: result,
    subtotalCents: sum((line) => line.baseCents),
    promotionDiscountCents: sum((line) => line.promotionDiscountCents),
    couponDiscountCents: sum((line) => line.couponDiscountCents),
    totalCents: sum((line) => line.totalCents),
    promotions: promotions.filter((rule) => usedPromotionIds.has(rule.id)),
    coupon: coupon ? { rule: coupon, problem } : null,
  };
}

/** What the shopper reads when a coupon's cart-level problem keeps it from applying. */
export function couponProblemMessage(rule: CouponRule, problem: CouponProblem): string {
  switch (problem) {
    case 'inactive':
      return COUPON_MESSAGES.invalid;
    case 'not_started':
      return rule.startsAt ? COUPON_MESSAGES.notStarted(rule.startsAt) : COUPON_MESSAGES.invalid;
    case 'expired':
      return COUPON_MESSAGES.expired;
    case 'min_order':
      return COUPON_MESSAGES.minOrder(rule.minOrderCents ?? 0);
    case 'no_eligible_items':
      return COUPON_MESSAGES.noEligibleItems;
  }
}

export interface FreeShippingQuestion {
  coupon: CouponRule | null;
  promotions: readonly CouponRule[];
  /** The goods at their regular prices. */
  listSubtotalCents: number;
  method: ShippingMethod;
  /** The delivery state, when the CEP is known. */
  state: StateCode | undefined;
  now: Date;
}

function coversShipping(
  rule: CouponRule,
  question: Omit<FreeShippingQuestion, 'coupon' | 'promotions'>,
): boolean {
  return (
    rule.kind === 'free_shipping' &&
    timeProblem(rule, question.now) === null &&
    (rule.minOrderCents === null || question.listSubtotalCents >= rule.minOrderCents) &&
    (rule.shippingMethods.length === 0 || rule.shippingMethods.includes(question.method)) &&
    (rule.states.length === 0 ||
      (question.state !== undefined && rule.states.includes(question.state)))
  );
}

/**
 * Whether a shipping method costs nothing by a free-shipping coupon or automatic promotion, and
 * which rule grants it (the coupon first: it is the one the shopper chose).
 */
export function freeShippingRule(question: FreeShippingQuestion): CouponRule | null {
  if (question.coupon && coversShipping(question.coupon, question)) return question.coupon;
  return (
    question.promotions.find((rule) => rule.code === null && coversShipping(rule, question)) ?? null
  );
}
