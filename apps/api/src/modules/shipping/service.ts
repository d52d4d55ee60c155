import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { SHIPPING_MESSAGES } from '@lumina/shared/checkout/shipping-cep';
import { centsToReais } from '@lumina/shared/format/money';
import type { ShippingOptionJson } from '@lumina/shared/shipping/shipping-schemas';
import {
  estimatedDeliveryText,
  freePacDescription,
  SHIPPING_DESCRIPTIONS,
} from '@lumina/shared/shipping/shipping-texts';
import type { PriceRules } from '@lumina/shared/catalog/pricing';
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { PRODUCT_NOT_FOUND } from '../catalog/service.ts';
import {
  applyFreeShipping,
  applyFreeShippingRules,
  type DiscountedQuote,
  type ShippingDiscounts,
} from './free-shipping.ts';
import { parcelFromLines } from '../../integrations/shipping/parcel.ts';
import {
  type Quote,
  type ShippingQuoter,
  ShippingUnavailableError,
} from '../../integrations/shipping/quoter.ts';
import { toCouponRule } from '../promotions/rule-row.ts';
import { createShippingRepository, type ShippingLine } from './repository.ts';

export interface ShippingQuestion {
  /** 8 digits (the route's schema has removed the mask). */
  cep: string;
  method: ShippingMethod;
  /** The product page's calculator: this product instead of the cart. */
  product?: { id: number; quantity: number };
}

type FreeShippingRules = Pick<PriceRules, 'free_shipping_threshold_cents'>;

/** Why a quote costs nothing, in the words of the rule that waived it. */
function freeDescription(quote: DiscountedQuote, rules: FreeShippingRules): string | null {
  if (!quote.freeShipping) return null;
  if (quote.freeBy?.code) return COUPON_MESSAGES.freeShippingByCoupon(quote.freeBy.code);
  if (quote.freeBy) return COUPON_MESSAGES.freeShippingByPromotion(quote.freeBy.name ?? '');
  const threshold = rules.free_shipping_threshold_cents;
  return threshold === null ? null : freePacDescription(threshold);
}

function toOptionJson(quote: DiscountedQuote, rules: FreeShippingRules): ShippingOptionJson {
  return {
    name: quote.name,
    method: quote.method,
    cost: centsToReais(quote.costCents),
    cost_cents: quote.costCents,
    delivery_days: quote.deliveryDays,
    estimated_delivery: estimatedDeliveryText(quote.deliveryDays),
    description: freeDescription(quote, rules) ?? SHIPPING_DESCRIPTIONS[quote.method],
  };
}

export function createShippingService(deps: {
  db: Db;
  quoter: ShippingQuoter;
  /** 8 digits: where the parcels leave from. */
  originCep: string;
  /** The store settings' price rules now (`storeSettings`): free PAC follows their threshold. */
  priceRules: () => FreeShippingRules;
  /** The shop's automatic promotions now (the promotions module's cache). */
  promotionRules: () => readonly CouponRule[] | Promise<readonly CouponRule[]>;
  now: () => Date;
}) {
  const repository = createShippingRepository(deps.db);

  async function linesFor(userId: number, question: ShippingQuestion): Promise<ShippingLine[]> {
    if (question.product) {
      const unit = await repository.productUnit(question.product.id);
      if (!unit) {
        throw new AppError('not_found', PRODUCT_NOT_FOUND, { code: 'product_not_found' });
      }
      return [{ ...unit, quantity: question.product.quantity }];
    }
    const lines = await repository.cartLines(userId);
    if (lines.length === 0) {
      throw new AppError('invalid_data', SHIPPING_MESSAGES.emptyCart, { code: 'empty_cart' });
    }
    return lines;
  }

  /**
   * Prices given lines to a CEP and applies the free-shipping rule (regular-price subtotal) of
   * `rules`, the settings' now unless the caller read them already, then a free-shipping coupon
   * or automatic promotion of `discounts`.
   */
  async function quoteLines(
    lines: readonly ShippingLine[],
    cep: string,
    method: ShippingMethod,
    options: { rules?: FreeShippingRules; discounts: ShippingDiscounts },
  ): Promise<DiscountedQuote> {
    const rules = options.rules ?? deps.priceRules();
    const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    let quote: Quote;
    try {
      quote = await deps.quoter.quote({
        originCep: deps.originCep,
        destinationCep: cep,
        method,
        parcel: parcelFromLines(lines),
        declaredValueCents: subtotalCents,
      });
    } catch (error) {
      if (!(error instanceof ShippingUnavailableError)) throw error;
      throw new AppError('invalid_data', SHIPPING_MESSAGES.notAvailableForCep, {
        code: 'shipping_unavailable',
      });
    }
    return applyFreeShippingRules(applyFreeShipping(quote, subtotalCents, rules), {
      listSubtotalCents: subtotalCents,
      destinationCep: cep,
      discounts: options.discounts,
    });
  }

  return {
    quoteLines,

    /**
     * Prices the user's cart (or one product) to a CEP by PAC or SEDEX, from the server's own
     * product data, then applies the free-shipping rule to the subtotal at regular prices, and
     * the cart's free-shipping coupon or an automatic promotion, as the order will.
     */
    async quote(userId: number, question: ShippingQuestion): Promise<ShippingOptionJson> {
      const [lines, couponRow, promotions] = await Promise.all([
        linesFor(userId, question),
        repository.cartCoupon(userId),
        deps.promotionRules(),
      ]);
      // One reading of the rules for the price and the text that explains it.
      const rules = deps.priceRules();
      const discounts = {
        coupon: couponRow ? toCouponRule(couponRow) : null,
        promotions,
        now: deps.now(),
      };
      const quote = await quoteLines(lines, question.cep, question.method, { rules, discounts });
      return toOptionJson(quote, rules);
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
