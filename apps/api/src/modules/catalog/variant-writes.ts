import { ADMIN_PRODUCT_MESSAGES } from '@lumina/shared/admin/product-form-schema';
import { type ProductOption, suggestedVariantSku } from '@lumina/shared/catalog/variants';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { productVariants, type ProductVariantRow } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import { toVariantValues, type VariantInput } from './product-record.ts';
import type { StockWatch } from './stock.ts';
import { createStock } from './stock.ts';

/** A variant to write; `id` keeps an existing one (and its place in carts and orders). */
export type VariantWrite = VariantInput & { id?: number };

const M = ADMIN_PRODUCT_MESSAGES;

function skuTakenAt(index: number): AppError {
  const message = M.variantSkuTaken(index + 1);
  return new AppError('invalid_data', message, {
    code: 'sku_taken',
    fields: { [`product.variants.${index}.sku`]: [M.skuTaken] },
  });
}

/**
 * Makes a product's live variants the given list, under the product's row lock (the caller's):
 * rows with an id (or, without one, the SKU of a live variant) are updated, new ones inserted,
 * the rest retired when an order, a cart or the stock ledger holds them (so history, the
 * shopper's line and movements not yet sent to the ERP stay whole) and deleted otherwise. Counts move through the stock owner, so the ledger sees them.
 */
export async function writeVariants(
  tx: Db,
  product: { id: number; sku: string; options: ProductOption[] },
  inputs: VariantWrite[],
  at: Date,
  stockWatch: StockWatch,
): Promise<void> {
  const current = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, product.id), isNull(productVariants.retiredAt)))
    .orderBy(productVariants.position, productVariants.id)
    .for('update');
  const byId = new Map(current.map((variant) => [variant.id, variant]));
  const bySku = new Map(current.map((variant) => [variant.sku.toUpperCase(), variant]));
  const skus = inputs.map((input, index) => {
    const given = input.sku.trim();
    if (given) return given;
    const values = product.options.map((option) => input.option_values?.[option.name] ?? '');
    if (inputs.length === 1 && values.length === 0) return product.sku;
    const parts = values.length > 0 ? values : [String(index + 1)];
    // A product SKU of symbols only has nothing to build on: the variant's place tells it apart.
    return suggestedVariantSku(product.sku, parts) || `${product.sku}-${index + 1}`;
  });

  const matched: (ProductVariantRow | undefined)[] = inputs.map((input, index) => {
    if (input.id !== undefined) {
      const found = byId.get(input.id);
      if (!found) {
        throw new AppError('invalid_data', `Variante ${index + 1}: variante não encontrada`, {
          code: 'variant_not_found',
          fields: { [`product.variants.${index}.id`]: ['Variante não encontrada'] },
        });
      }
      return found;
    }
    return bySku.get((skus[index] ?? '').toUpperCase());
  });
  const keptIds = new Set(matched.flatMap((variant) => (variant ? [variant.id] : [])));

  // A SKU is the shop's: no live variant of another product, nor another product's own code.
  const wanted = JSON.stringify(skus.map((sku) => sku.toUpperCase()));
  const others = rowsOf<{ sku: string }>(
    await tx.execute(sql`
      with wanted as (select jsonb_array_elements_text(${wanted}::jsonb) as sku)
      select upper(sku) as sku from product_variants
      where product_id <> ${product.id}::integer and retired_at is null
        and upper(sku) in (select sku from wanted)
      union
      select upper(sku) from products
      where id <> ${product.id}::integer and upper(sku) in (select sku from wanted)
    `),
  );
  if (others.length > 0) {
    const taken = new Set(others.map((row) => row.sku));
    const index = skus.findIndex((sku) => taken.has(sku.toUpperCase()));
    throw skuTakenAt(Math.max(index, 0));
  }

  const removed = current.filter((variant) => !keptIds.has(variant.id));
  if (removed.length > 0) {
    const ids = `{${removed.map((variant) => variant.id).join(',')}}`;
    // Held by an order, a cart or the ledger: retired (inactive, its SKU free again), never
    // deleted; a deleted variant would take its movements with it, sent to the ERP or not.
    await tx.execute(sql`
      update product_variants set retired_at = ${at.toISOString()}::timestamptz, active = false,
        updated_at = ${at.toISOString()}::timestamptz
      where id = any(${ids}::integer[]) and (
        exists (select 1 from order_items where variant_id = product_variants.id)
        or exists (select 1 from cart_items where variant_id = product_variants.id)
        or exists (select 1 from stock_movements where variant_id = product_variants.id)
      )
    `);
    await tx.execute(
      sql`delete from product_variants where id = any(${ids}::integer[]) and retired_at is null`,
    );
  }

  const stock = createStock(tx, stockWatch);
  for (const [index, input] of inputs.entries()) {
    const values = toVariantValues(product.id, { ...input, sku: skus[index] ?? '' }, index, at);
    const existing = matched[index];
    if (!existing) {
      await tx.insert(productVariants).values(values);
      continue;
    }
    const { stockQuantity, createdAt: _created, productId: _product, ...changes } = values;
    await tx.update(productVariants).set(changes).where(eq(productVariants.id, existing.id));
    if (stockQuantity !== undefined && stockQuantity !== existing.stockQuantity) {
      await stock.set(existing.id, stockQuantity, at);
    }
  }
}
