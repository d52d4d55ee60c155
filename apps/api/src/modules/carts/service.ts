import { CART_INPUT_MESSAGES, type CartJson } from '@lumina/shared/cart/cart-schemas';
import type { VariationDetails } from '@lumina/shared/cart/cart-schemas';
import { CART_MESSAGES, stockExceededMessage } from '@lumina/shared/cart/quantity-rules';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { parsePathId } from '../../http/path-id.ts';
import {
  type OptionValues,
  type ProductOption,
  variationDetailsOf,
} from '@lumina/shared/catalog/variants';
import type { PriceRules } from '@lumina/shared/catalog/pricing';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import { type CouponRule, couponProblemMessage } from '@lumina/shared/promotions/coupon-rules';
import { couponRejected } from '../promotions/rejection.ts';
import { toCouponRule } from '../promotions/rule-row.ts';
import { toCartJson } from './cart-json.ts';
import { couponStopReason, priceCart, pricingLinesOf } from './cart-pricing.ts';
import { type CartOwner, createCartRepository } from './repository.ts';

export type { CartOwner };

function insufficientStock(requested: number, available: number): AppError {
  return new AppError('invalid_data', stockExceededMessage(requested, available), {
    code: 'insufficient_stock',
  });
}

function lineNotFound(): AppError {
  return new AppError('not_found', CART_MESSAGES.itemNotFound, { code: 'cart_item_not_found' });
}

/** A line id from the path; a malformed one answers the same 404 as another owner's line. */
export function parseLineId(raw: string): number {
  const id = parsePathId(raw);
  if (id === undefined) throw lineNotFound();
  return id;
}

/**
 * The variant a spec client meant with its free {size, measure, color}: the one live variant
 * whose option values give exactly those details. None when nothing or more than one matches.
 */
function variantByDetails(
  variants: { id: number; optionValues: OptionValues }[],
  options: ProductOption[],
  details: VariationDetails,
): number | undefined {
  const wanted = JSON.stringify(details);
  const matches = variants.filter(
    (variant) => JSON.stringify(variationDetailsOf(variant.optionValues, options)) === wanted,
  );
  return matches.length === 1 ? matches[0]?.id : undefined;
}

/**
 * Rules of spec 000 §5 and ours for both kinds of cart: the same variant is one line, a quantity of 0 or less removes the line, no line holds more than the stock, inactive or
 * unknown products are refused, and a line is only reachable through its owner's cart.
 */
export function createCartService(deps: {
  db: Db;
  now: () => Date;
  /** The store settings' price rules now (`storeSettings`): a cart's PIX prices follow them. */
  priceRules: () => PriceRules;
  /** The shop's automatic promotions (the promotions service's in-memory list). */
  promotionRules?: () => Promise<CouponRule[]>;
  /**
   * The shopper whose reminder link filled a visitor's session (the reminders module), so that
   * signing in as them there does not count the restored lines twice.
   */
  restoredInSession?: (sessionId: string) => Promise<number | undefined>;
}) {
  const { db, now, priceRules } = deps;
  const repository = createCartRepository(db);
  const promotionRules = deps.promotionRules ?? (() => Promise.resolve([]));

  /**
   * The cart priced with its promotions and its coupon. A coupon that stopped applying (deleted,
   * out of uses, paused, out of its dates, the cart below its minimum or without an item in its
   * scope) is taken off the cart and said once in `coupon_notice`. An empty cart shows no
   * coupon and keeps the code for when items come back.
   */
  async function read(owner: CartOwner): Promise<CartJson> {
    const [lines, promotions] = await Promise.all([repository.lines(owner), promotionRules()]);
    const rules = priceRules();
    const at = now();
    const pricingLines = pricingLinesOf(lines, rules);
    const first = lines[0];
    const coupon = first?.coupon ? toCouponRule(first.coupon) : null;
    let priced = priceCart(pricingLines, coupon, promotions, at);
    let couponNotice: string | null = null;
    if (first?.couponCode) {
      const reason = couponStopReason(first.coupon, priced);
      if (reason !== null) {
        await repository.dropCoupon(owner, first.couponCode);
        couponNotice = COUPON_MESSAGES.dropped(first.couponCode, reason);
        priced = priceCart(pricingLines, null, promotions, at);
      }
    }
    return toCartJson(lines, rules, { priced, couponNotice });
  }

  return {
    read,

    /**
     * Puts a coupon on the cart when it applies to it now (the promotions service has checked
     * the coupon and the shopper); else throws the pt-BR reason. Answers the cart with it.
     */
    async applyCoupon(owner: CartOwner, coupon: CouponRule): Promise<CartJson> {
      const [lines, promotions] = await Promise.all([repository.lines(owner), promotionRules()]);
      if (lines.length === 0 || coupon.code === null) {
        throw couponRejected(COUPON_MESSAGES.noEligibleItems);
      }
      const priced = priceCart(pricingLinesOf(lines, priceRules()), coupon, promotions, now());
      const problem = priced.list.coupon?.problem;
      if (problem) throw couponRejected(couponProblemMessage(coupon, problem));
      await repository.setCoupon(owner, coupon.code, now());
      return read(owner);
    },

    /** Takes the coupon off the cart (DELETE /api/checkout/coupon). */
    async removeCoupon(owner: CartOwner): Promise<CartJson> {
      await repository.dropCoupon(owner);
      return read(owner);
    },

    async addItem(
      owner: CartOwner,
      input: {
        productId: number;
        variantId?: number;
        quantity: number;
        variationDetails: VariationDetails;
      },
    ): Promise<{ cart: CartJson; itemId: number }> {
      const add = (variantId: number | null) =>
        repository.addToCart(owner, {
          productId: input.productId,
          variantId,
          quantity: input.quantity,
          variationDetails: input.variationDetails,
          at: now(),
        });
      let outcome = await add(input.variantId ?? null);
      if (!outcome.product) {
        // No variant found: say why, or find the one a spec client's details name.
        const rows = await repository.variantsForAdd(input.productId);
        const [first] = rows;
        if (!first) {
          throw new AppError('not_found', CART_INPUT_MESSAGES.productNotFound, {
            code: 'product_not_found',
          });
        }
        const variants = rows.flatMap((row) =>
          row.id === null || row.optionValues === null
            ? []
            : [{ id: row.id, optionValues: row.optionValues }],
        );
        if (input.variantId !== undefined || variants.length === 0) {
          throw new AppError('not_found', CART_INPUT_MESSAGES.variantNotFound, {
            code: 'variant_not_found',
          });
        }
        const meant = variantByDetails(variants, first.options, input.variationDetails);
        if (meant === undefined) {
          throw new AppError('invalid_data', CART_INPUT_MESSAGES.chooseVariant, {
            code: 'variant_required',
          });
        }
        outcome = await add(meant);
      }
      const { product, cartId, line } = outcome;
      if (!product) {
        throw new AppError('not_found', CART_INPUT_MESSAGES.productNotFound, {
          code: 'product_not_found',
        });
      }
      if (!product.active) {
        throw new AppError('invalid_data', CART_INPUT_MESSAGES.productUnavailable, {
          code: 'product_unavailable',
        });
      }
      if (!line || cartId === undefined) {
        const current =
          cartId === undefined
            ? undefined
            : await repository.lineQuantity(cartId, product.variantId);
        if (current === undefined && input.quantity <= product.stockQuantity) {
          throw new AppError('conflict', CART_INPUT_MESSAGES.tooManyLines, {
            code: 'cart_full',
          });
        }
        throw insufficientStock((current ?? 0) + input.quantity, product.stockQuantity);
      }
      return { cart: await read(owner), itemId: line.id };
    },

    /** Sets a line's quantity; 0 or less removes it (spec 000 §4). */
    async updateItem(owner: CartOwner, lineId: number, quantity: number): Promise<CartJson> {
      if (quantity <= 0) return this.removeItem(owner, lineId);
      const at = now();
      if (!(await repository.setQuantity(owner, lineId, quantity, at))) {
        const line = await repository.findLine(owner, lineId);
        if (!line) throw lineNotFound();
        if (!line.active) {
          throw new AppError('invalid_data', CART_INPUT_MESSAGES.productUnavailable, {
            code: 'product_unavailable',
          });
        }
        throw insufficientStock(quantity, line.stockQuantity);
      }
      await repository.touch(owner, at);
      return read(owner);
    },

    async removeItem(owner: CartOwner, lineId: number): Promise<CartJson> {
      if (!(await repository.removeLine(owner, lineId))) throw lineNotFound();
      await repository.touch(owner, now());
      return read(owner);
    },

    async clear(owner: CartOwner): Promise<CartJson> {
      await repository.clear(owner);
      return read(owner);
    },

    /**
     * Moves an anonymous session's lines into the user's cart in one transaction (quantities
     * added, clamped to stock). Running it twice, or twice at once, moves the lines once. A
     * session filled by this user's own reminder link holds the account's cart again: its lines
     * keep the larger quantity instead of adding up.
     */
    async mergeAnonymousCart(
      userId: number,
      sessionId: string,
    ): Promise<{ cart_migrated: boolean; cart_items_count: number }> {
      const restored = (await deps.restoredInSession?.(sessionId)) === userId;
      const units = await db.transaction(async (tx) => {
        const inTx = createCartRepository(tx);
        const at = now();
        const userCartId = await inTx.ensureCart({ userId }, at);
        return inTx.moveLines(sessionId, userCartId, at, restored ? 'larger' : 'sum');
      });
      return { cart_migrated: units > 0, cart_items_count: units };
    },

    /**
     * A reminder's restore link, in the caller's transaction (the one that spends the link): the
     * lines go into the owner's cart, made on first use, as far as stock and sale allow
     * (repository `putBack`). Answers what was written; `read` the cart after the commit.
     */
    async putBack(
      tx: Db,
      owner: CartOwner,
      lines: readonly { product_id: number; variant_id: number; quantity: number }[],
    ): Promise<{ lines: number; units: number }> {
      const inTx = createCartRepository(tx);
      const at = now();
      const cartId = await inTx.ensureCart(owner, at);
      return inTx.putBack(cartId, lines, at);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
