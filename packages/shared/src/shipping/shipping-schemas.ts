import { z } from 'zod';
import { addQuantitySchema, productIdSchema } from '../cart/cart-schemas.ts';
import { shippingCepSchema, shippingMethodSchema } from '../checkout/shipping-cep.ts';
import type { ShippingMethod } from '../constants/storefront-constants.ts';

/**
 * POST /api/checkout/calculate_shipping (spec 000 §7). With `product_id` the product page's
 * calculator quotes that product (`quantity`, default 1) instead of the cart; `quantity` alone
 * is ignored.
 */
export const checkoutShippingRequestSchema = z.object({
  cep: shippingCepSchema,
  shipping_method: shippingMethodSchema,
  product_id: productIdSchema.optional(),
  quantity: addQuantitySchema.optional(),
});
export type CheckoutShippingRequest = z.input<typeof checkoutShippingRequestSchema>;

/** POST /api/carts/calculate_shipping (spec 001 §7): always the logged-in user's cart. */
export const cartShippingRequestSchema = z.object({
  zip_code: shippingCepSchema,
  service: shippingMethodSchema,
});
export type CartShippingRequest = z.input<typeof cartShippingRequestSchema>;

/** Spec 000 §3 Shipping option, with the cost also in cents (the number the server computed). */
export interface ShippingOptionJson {
  name: 'PAC' | 'SEDEX';
  method: ShippingMethod;
  /** Reais with two decimals; 0 when the free-shipping rule applies. */
  cost: number;
  cost_cents: number;
  /** Business days. */
  delivery_days: number;
  estimated_delivery: string;
  description: string;
}

export interface CheckoutShippingResponse {
  success: true;
  data: { success: true; option: ShippingOptionJson };
}

export interface CartShippingResponse {
  success: true;
  shipping: ShippingOptionJson;
}
