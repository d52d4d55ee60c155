import {
  ADMIN_PRODUCT_MESSAGES,
  type AdminProductForm,
  adminProductFormSchema,
} from '@lumina/shared/admin/product-form-schema';
import type { ProductOption } from '@lumina/shared/catalog/variants';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rowsOf } from '../../../db/raw-rows.ts';
import { products, productVariants } from '../../../db/schema/products.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { AppError } from '../../../http/app-error.ts';
import { fieldErrors } from '../../../http/field-errors.ts';
import { announceCatalogChange } from '../../catalog/changes.ts';
import type { ProductReadRow } from '../../catalog/product-dto.ts';
import { toProductValues } from '../../catalog/product-record.ts';
import { createCatalogRepository } from '../../catalog/repository.ts';
import { type VariantWrite, writeVariants } from '../../catalog/variant-writes.ts';
import { PRODUCT_NOT_FOUND } from '../../catalog/service.ts';
import type { SecurityLog } from '../../security/security-log.ts';
import type { AdminActor } from '../orders/service.ts';

function notFound(): AppError {
  return new AppError('not_found', PRODUCT_NOT_FOUND, { code: 'product_not_found' });
}

/** The form's answer as the API reads it: every failing rule, by field (spec 001 §5). */
function parseForm(body: unknown) {
  const raw = (body as { product?: unknown } | null)?.product;
  const parsed = adminProductFormSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError('invalid_data', parsed.error.issues[0]?.message ?? 'Produto inválido', {
    code: 'invalid_product',
    fields: fieldErrors(parsed.error, 'product', { rowsOf: ['variants', 'options'] }),
  });
}

function skuTaken(): AppError {
  return new AppError('invalid_data', ADMIN_PRODUCT_MESSAGES.skuTaken, {
    code: 'sku_taken',
    fields: { sku: [ADMIN_PRODUCT_MESSAGES.skuTaken] },
  });
}

/** Every combination of the options' values, in the options' order ('6 mm'+'Prata', ...). */
function combinations(options: ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (rows, option) =>
      rows.flatMap((row) => option.values.map((value) => ({ ...row, [option.name]: value }))),
    [{}],
  );
}

/**
 * The variants a form asks for. Its own grid when it sends one; options without a grid: every
 * combination, at 0 units; neither: the one variant of a product without options, with the
 * form's stock. `current` is the product's live variants (none on create): without a grid, a
 * product with several keeps them as they are (undefined: nothing to write).
 */
function variantsOf(
  form: AdminProductForm,
  current: { id: number; sku: string }[],
): VariantWrite[] | undefined {
  if (form.variants) {
    return form.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku ?? '',
      option_values: variant.option_values,
      stock_quantity: variant.stock_quantity,
      price_cents: variant.price,
      sale_price_cents: variant.sale_price,
      pix_price_cents: variant.pix_price,
      weight_grams: variant.weight_grams,
      gtin: variant.gtin,
      image: variant.image,
      active: variant.active,
    }));
  }
  if (form.options.length > 0) {
    return combinations(form.options).map((values) => ({
      sku: '',
      option_values: values,
      stock_quantity: 0,
    }));
  }
  if (current.length > 1) return undefined;
  return [{ id: current[0]?.id, sku: form.sku ?? '', stock_quantity: form.stock_quantity }];
}

/** A SKU for a product the owner did not give one: readable, and unique in practice. */
function generatedSku(): string {
  return `LUM-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * The owner's product writes (spec 001 §7: POST /products, PUT /products/{id}, DELETE
 * /products/{id}). Values go through the catalogue's one writer of product rows (sanitising and
 * derived columns) and stock through its owner; each change clears this process's catalogue
 * cache and goes to the security log.
 */
export function createProductWrites(deps: {
  db: Db;
  now: () => Date;
  securityLog: SecurityLog;
  onChange: () => void;
  /** Removes the files of a deleted product's uploaded photos. */
  discardPhotos?: (urls: string[]) => Promise<void>;
  /** In the write's transaction: with Bling connected, the change waits for the next push. */
  markPending?: (tx: Pick<Db, 'execute'>, productId: number) => Promise<void>;
}) {
  const { db, now, securityLog } = deps;

  async function record(actor: AdminActor, message: string, metadata: Record<string, unknown>) {
    await securityLog.record({
      type: 'admin_product_change',
      severity: 'info',
      userId: actor.id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      message,
      metadata,
    });
  }

  return {
    async create(body: unknown, actor: AdminActor): Promise<ProductReadRow> {
      const form = parseForm(body);
      const at = now();
      const variants = variantsOf(form, []) ?? [];
      try {
        const row = await db.transaction(async (tx) => {
          const sku = form.sku ?? generatedSku();
          const [inserted] = await tx
            .insert(products)
            .values(
              toProductValues(
                {
                  name: form.name,
                  description: form.description ?? '',
                  price_cents: form.price,
                  pix_price_cents: form.pix_price ?? null,
                  category: form.category,
                  subcategory: form.subcategory ?? null,
                  sku,
                  active: form.active,
                  display_status: form.display_status,
                  images: form.images,
                  sizes: form.sizes,
                  measures: form.measures,
                  options: form.options,
                  variants,
                  stock_quantity: form.stock_quantity,
                },
                at,
              ),
            )
            .returning({ id: products.id });
          if (!inserted) throw new Error('product insert returned no row');
          await writeVariants(tx, { id: inserted.id, sku, options: form.options }, variants, at);
          await deps.markPending?.(tx, inserted.id);
          await announceCatalogChange(tx);
          return createCatalogRepository(tx).findProductById(inserted.id);
        });
        if (!row) throw new Error('product insert returned no row');
        deps.onChange();
        await record(actor, `Produto criado: ${row.name} (${row.sku})`, { product_id: row.id });
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw skuTaken();
        throw error;
      }
    },

    async update(id: number, body: unknown, actor: AdminActor): Promise<ProductReadRow> {
      const form = parseForm(body);
      const at = now();
      try {
        const row = await db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (!current) throw notFound();
          const live = await tx
            .select({ id: productVariants.id, sku: productVariants.sku })
            .from(productVariants)
            .where(
              sql`${productVariants.productId} = ${id} and ${productVariants.retiredAt} is null`,
            );
          const variants = variantsOf(form, live);
          // A client that knows nothing of variants leaves a product's options as they are.
          const options = variants === undefined ? current.options : form.options;
          const sku = form.sku ?? current.sku;
          const values = toProductValues(
            {
              name: form.name,
              description: form.description ?? '',
              complementary_description: current.complementaryDescription,
              price_cents: form.price,
              pix_price_cents: form.pix_price ?? null,
              sale_price_cents: current.salePriceCents,
              category: form.category,
              subcategory: form.subcategory ?? null,
              sku,
              active: form.active,
              display_status: form.display_status,
              images: form.images,
              sizes: form.sizes,
              measures: form.measures,
              tags: current.tags,
              variations: current.variations,
              options,
              variants,
              stock_quantity: current.stockQuantity,
              created_at: current.createdAt,
            },
            at,
          );
          // Stock is the variants', moved through its owner under this row lock.
          const { stockQuantity: _stock, ...rest } = values;
          await tx.update(products).set(rest).where(eq(products.id, id));
          if (variants) await writeVariants(tx, { id, sku, options }, variants, at);
          await deps.markPending?.(tx, id);
          await announceCatalogChange(tx);
          return createCatalogRepository(tx).findProductById(id);
        });
        if (!row) throw notFound();
        deps.onChange();
        await record(actor, `Produto alterado: ${row.name} (${row.sku})`, { product_id: id });
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw skuTaken();
        throw error;
      }
    },

    /**
     * A product some order holds is retired (inactive and hidden), so order history stays whole;
     * one nobody ever bought is removed.
     */
    async remove(id: number, actor: AdminActor): Promise<{ retired: boolean }> {
      const outcome = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!current) throw notFound();
        const [ordered] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::integer as n from order_items where product_id = ${id}::integer`,
          ),
        );
        if ((ordered?.n ?? 0) > 0) {
          await tx
            .update(products)
            .set({ active: false, displayStatus: 'hidden', updatedAt: now() })
            .where(eq(products.id, id));
          // Bling hears that it is no longer sold (situação inativa) with the next push.
          await deps.markPending?.(tx, id);
          await announceCatalogChange(tx);
          return { retired: true, name: current.name, sku: current.sku, images: current.images };
        }
        await tx.delete(products).where(eq(products.id, id));
        await announceCatalogChange(tx);
        return { retired: false, name: current.name, sku: current.sku, images: current.images };
      });
      deps.onChange();
      if (!outcome.retired) await deps.discardPhotos?.(outcome.images);
      await record(
        actor,
        `${outcome.retired ? 'Produto retirado da loja' : 'Produto excluído'}: ${outcome.name} (${outcome.sku})`,
        { product_id: id, retired: outcome.retired },
      );
      return { retired: outcome.retired };
    },
  };
}

export type ProductWrites = ReturnType<typeof createProductWrites>;
