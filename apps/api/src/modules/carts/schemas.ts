import { z } from 'zod';
import { cartDiscountFields } from '../promotions/schemas.ts';

const variationJsonSchema = z.object({
  size: z.string().optional(),
  measure: z.string().optional(),
  color: z.string().optional(),
});

/** CartItemJson (shared) for the OpenAPI description and the serializer. */
export const cartItemJsonSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    variant_id: z.number().int(),
    option_values: z.record(z.string(), z.string()),
    product_name: z.string(),
    name: z.string(),
    sku: z.string(),
    price: z.number().describe('reais'),
    price_cents: z.number().int(),
    pix_price: z.number().describe('reais'),
    quantity: z.number().int(),
    variation_details: variationJsonSchema,
    size: z.string().nullable(),
    measure: z.string().nullable(),
    image: z.string().nullable(),
    total: z.number().describe('reais'),
    total_cents: z.number().int(),
    stock: z.number().int(),
    category: z.string(),
    available: z.boolean(),
  })
  .meta({ id: 'CartItem' });

export const cartJsonSchema = z
  .object({
    items: z.array(cartItemJsonSchema),
    total: z.number().describe('reais, from the current prices'),
    total_price: z.number(),
    total_cents: z.number().int(),
    total_items: z.number().int().describe('units'),
    ...cartDiscountFields,
  })
  .meta({ id: 'Cart' });

export const cartResponseSchema = z.object({ cart: cartJsonSchema });
export const cartWithItemResponseSchema = z.object({
  cart: cartJsonSchema,
  item: cartItemJsonSchema,
});
