import { DEFAULT_PRICE_RULES, pixPriceCents } from '@lumina/shared/catalog/pricing';
import type { ProductDto, ProductVariantDto } from '@lumina/shared/catalog/product';

let nextId = 1;
let nextVariantId = 1;

/** A variant that inherits every price from its product; pass only what the test is about. */
export function createVariant(overrides: Partial<ProductVariantDto> = {}): ProductVariantDto {
  const id = overrides.id ?? nextVariantId++;
  return {
    id,
    sku: `VAR-${id}`,
    option_values: {},
    stock_quantity: 12,
    price: null,
    price_cents: null,
    sale_price: null,
    sale_price_cents: null,
    pix_price: null,
    pix_price_cents: null,
    weight_grams: null,
    gtin: null,
    image: null,
    active: true,
    ...overrides,
  };
}

/**
 * Test builder: a believable active product; pass only what the test is about. Without options
 * it has its one variant (the product's SKU and stock), as the API answers every such product.
 */
export function createProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  const id = overrides.id ?? nextId++;
  const priceCents = overrides.price_cents ?? 8990;
  const pixCents = overrides.pix_price_cents === undefined ? null : overrides.pix_price_cents;
  const stock = overrides.stock_quantity ?? overrides.stock ?? 12;
  const finalPixCents = pixPriceCents(
    { price_cents: priceCents, pix_price_cents: pixCents },
    DEFAULT_PRICE_RULES,
  );
  return {
    id,
    name: `Argola Aço Cirúrgico ${id}`,
    description: '<p>Argola de aço cirúrgico 316L.</p>',
    complementary_description: null,
    price: priceCents / 100,
    price_cents: priceCents,
    preco_pix: pixCents === null ? null : pixCents / 100,
    pix_price_cents: pixCents,
    // As the server answers it with the default settings (5% off by PIX).
    pix_final_price: finalPixCents / 100,
    pix_final_price_cents: finalPixCents,
    sale_price: null,
    sale_price_cents: null,
    category: 'orelha',
    subcategory: 'Argolas',
    sku: `SKU-${id}`,
    bling_id: null,
    active: true,
    display_status: 'visible',
    images: [`/product-images/p${id}.svg`],
    sizes: [],
    measures: [],
    tags: [],
    variations: [],
    options: [],
    variants: [createVariant({ sku: `SKU-${id}`, stock_quantity: stock })],
    stock_quantity: stock,
    stock,
    stock_status: stock > 0 ? 'in_stock' : 'out_of_stock',
    weight_grams: 5,
    length_cm: 5,
    width_cm: 5,
    height_cm: 2,
    last_sync: null,
    created_at: '2026-01-10T12:00:00.000Z',
    updated_at: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}
