import type { CartCouponJson, CartPriceJson, PromotionJson } from '../promotions/coupon-schema.ts';
import { z } from 'zod';
import { COLOUR_MAX_LENGTH, STOCK_FALLBACK } from '../constants/storefront-constants.ts';
import { optionalText } from '../validation/rule-schema.ts';
import { colourSchema } from '../validation/text-limits.ts';
import { INTEGER_ID_MAX } from '../validation/integer-id.ts';
import type { OptionValues } from '../catalog/variants.ts';

/**
 * Request bodies and answers of the cart calls (spec 000 §7), used by the web app's cart client
 * and by the API routes alike.
 */
export const CART_INPUT_MESSAGES = {
  sessionId: 'Identificador de sessão inválido. Recarregue a página.',
  quantity: 'Quantidade inválida',
  productId: 'Produto inválido',
  itemId: 'Item inválido',
  variation: `Cada opção pode ter no máximo ${COLOUR_MAX_LENGTH} caracteres`,
  /** A product with options added without a complete choice. */
  chooseVariant: 'Selecione as opções do produto',
  variantNotFound: 'Variante não encontrada',
  productNotFound: 'Produto não encontrado',
  productUnavailable: 'Produto indisponível',
  tooManyLines: 'Seu carrinho já tem o número máximo de itens diferentes.',
} as const;

/** The largest quantity one line can hold: the stock fallback of the plus button. */
export const MAX_LINE_QUANTITY = STOCK_FALLBACK;
/** Not in the spec: a bound on distinct lines per cart, far above any real piercing order. */
export const MAX_CART_LINES = 50;

/** The X-Session-ID header: a UUID the web app creates once per browser. */
export const sessionIdSchema = z.uuid({ error: CART_INPUT_MESSAGES.sessionId });

function idSchema(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, message)
    .max(INTEGER_ID_MAX, message);
}
export const productIdSchema = idSchema(CART_INPUT_MESSAGES.productId);
export const cartItemIdSchema = idSchema(CART_INPUT_MESSAGES.itemId);
export const variantIdSchema = idSchema('Variante inválida');

/** A quantity to add: a whole number from 1 to 999. */
export const addQuantitySchema = z
  .number({ error: CART_INPUT_MESSAGES.quantity })
  .int({ error: CART_INPUT_MESSAGES.quantity })
  .min(1, CART_INPUT_MESSAGES.quantity)
  .max(MAX_LINE_QUANTITY, CART_INPUT_MESSAGES.quantity);

/** A new quantity for a line: 0 or less removes it (spec 000 §4), at most 999. */
export const updateQuantitySchema = z
  .number({ error: CART_INPUT_MESSAGES.quantity })
  .int({ error: CART_INPUT_MESSAGES.quantity })
  .min(-MAX_LINE_QUANTITY, CART_INPUT_MESSAGES.quantity)
  .max(MAX_LINE_QUANTITY, CART_INPUT_MESSAGES.quantity);

const variationText = optionalText(CART_INPUT_MESSAGES.variation, COLOUR_MAX_LENGTH);
const colourText = colourSchema;

export const variationDetailsSchema = z
  .object({ size: variationText, measure: variationText, color: variationText })
  .nullish()
  .transform((value) => {
    const details: { size?: string; measure?: string; color?: string } = {};
    if (value?.size) details.size = value.size;
    if (value?.measure) details.measure = value.measure;
    if (value?.color) details.color = value.color;
    return details;
  });
export type VariationDetails = z.output<typeof variationDetailsSchema>;

/** POST /api/carts/items */
export const addCartItemSchema = z.object({
  product_id: productIdSchema,
  /** The variant chosen; optional for a product with one variant (the spec's body has none). */
  variant_id: variantIdSchema.optional(),
  quantity: addQuantitySchema.default(1),
  variation_details: variationDetailsSchema,
});

/** PATCH /api/carts/items/{id} */
export const updateCartItemSchema = z.object({ quantity: updateQuantitySchema });

/** POST /api/anonymous_carts/add_item: the variation comes flat (size, measure, color). */
export const addAnonymousItemSchema = z.object({
  product_id: productIdSchema,
  variant_id: variantIdSchema.optional(),
  quantity: addQuantitySchema.default(1),
  size: variationText,
  measure: variationText,
  color: colourText,
});

/** PATCH /api/anonymous_carts/update_item */
export const updateAnonymousItemSchema = z.object({
  item_id: cartItemIdSchema,
  quantity: updateQuantitySchema,
});

/** DELETE /api/anonymous_carts/remove_item */
export const removeAnonymousItemSchema = z.object({ item_id: cartItemIdSchema });

/** One cart line as the API answers it (spec 000 §3, Cart item); money in reais and in cents. */
export interface CartItemJson {
  id: number;
  product_id: number;
  /** The line's variant: its SKU, stock and option values are the line's. */
  variant_id: number;
  option_values: OptionValues;
  product_name: string;
  name: string;
  sku: string;
  /** Unit price in reais, from the product's current price. */
  price: number;
  price_cents: number;
  /** Unit PIX price in reais (the product's own, or the store settings' PIX discount off). */
  pix_price: number;
  quantity: number;
  variation_details: VariationDetails;
  size: string | null;
  measure: string | null;
  image: string | null;
  total: number;
  total_cents: number;
  stock: number;
  category: string;
  /** False when the product was deactivated or sold out after it was added. */
  available: boolean;
}

/** Spec 000 §3, Cart. */
export interface CartJson {
  items: CartItemJson[];
  /** The items at list prices, before any discount (the spec's shape). */
  total: number;
  total_price: number;
  total_cents: number;
  total_items: number;
  /** The coupon the cart holds, priced on it; null without one (server carts only). */
  coupon?: CartCouponJson | null;
  /** Said once when the cart's coupon stopped applying and was removed. */
  coupon_notice?: string | null;
  /** The automatic promotions that discount some item. */
  promotions?: PromotionJson[];
  /** What the items cost by each basis: PIX prices, and list prices (card, boleto). */
  pricing?: { pix: CartPriceJson; list: CartPriceJson };
}

export interface CartResponse {
  cart: CartJson;
}

/** POST /api/wishlist */
export const addWishlistItemSchema = z.object({ product_id: productIdSchema });

export { WISHLIST_MESSAGES } from './wishlist-messages.ts';

/** Spec 000 §3, Wishlist item (server), with the product fields a list needs to show it. */
export interface WishlistItemJson {
  id: number;
  product_id: number;
  added_at: string;
  name: string;
  price: number;
  pix_price: number;
  image: string | null;
  sku: string;
  stock: number;
  active: boolean;
  /** The product is sold in options (Diâmetro, Cor...): the shopper chooses on its page. */
  has_options: boolean;
}
