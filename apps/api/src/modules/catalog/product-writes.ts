import {
  ADMIN_PRODUCT_MESSAGES,
  type AdminProductForm,
  adminProductFormSchema,
} from '@lumina/shared/admin/product-form-schema';
import { optionCombinations } from '@lumina/shared/catalog/variants';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldErrors } from '../../http/field-errors.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { announceCatalogChange } from './changes.ts';
import type { ProductReadRow } from './product-dto.ts';
import {
  type ProductInput,
  toProductValues,
  toVariantValues,
  variantInputsOf,
} from './product-record.ts';
import { createCatalogRepository } from './repository.ts';
import { PRODUCT_NOT_FOUND } from './service.ts';
import type { StockWatch } from './stock.ts';
import { type VariantWrite, writeVariants } from './variant-writes.ts';

export function productNotFound(message: string = PRODUCT_NOT_FOUND): AppError {
  return new AppError('not_found', message, { code: 'product_not_found' });
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

/**
 * The product's fields as the form has them; `rest` holds its SKU, options, variants and stock,
 * and on update what the form does not carry (kept from the current row).
 */
function formInput(
  form: AdminProductForm,
  rest: Pick<ProductInput, 'sku' | 'options' | 'variants' | 'stock_quantity'> &
    Partial<ProductInput>,
): ProductInput {
  return {
    name: form.name,
    description: form.description ?? '',
    price_cents: form.price,
    pix_price_cents: form.pix_price ?? null,
    category: form.category,
    subcategory: form.subcategory ?? null,
    active: form.active,
    display_status: form.display_status,
    images: form.images,
    sizes: form.sizes,
    measures: form.measures,
    ...rest,
  };
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
      ...(variant.low_stock_threshold !== undefined && {
        low_stock_threshold: variant.low_stock_threshold,
      }),
    }));
  }
  if (form.options.length > 0) {
    return optionCombinations(form.options).map((values) => ({
      sku: '',
      option_values: values,
      stock_quantity: 0,
    }));
  }
  if (current.length > 1) return undefined;
  return [{ id: current[0]?.id, sku: form.sku ?? '', stock_quantity: form.stock_quantity }];
}

/**
 * The catalogue's writes of product rows (DESIGN.md: the catalogue owns products, options,
 * variants and their stock; other modules ask it). Pass a transaction as `db` to make a write part
 * of a larger change, under the product's row lock the caller took. Values go through
 * `toProductValues` (sanitising, derived columns); variants through `writeVariants`, counts
 * through the stock owner (stock.ts). The caller announces the change (changes.ts) once its
 * writes are done, as part of the same transaction.
 */
export function createProductRows(db: Db) {
  return {
    /** The product's row, locked until the transaction ends; not_found when there is none. */
    async lock(id: number) {
      const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
      if (!row) throw productNotFound();
      return row;
    },

    /**
     * A new product with its variants: the input's own list, or the one of its SKU and stock.
     * `variantsAfter`: the caller writes them next, through `writeVariants`.
     */
    async insert(
      input: ProductInput,
      at: Date,
      options: { variantsAfter?: boolean } = {},
    ): Promise<number> {
      const [inserted] = await db
        .insert(products)
        .values(toProductValues(input, at))
        .returning({ id: products.id });
      if (!inserted) throw new Error('product insert returned no row');
      if (options.variantsAfter) return inserted.id;
      const variants = variantInputsOf(input).map((variant, position) =>
        toVariantValues(inserted.id, variant, position, at),
      );
      await db.insert(productVariants).values(variants);
      return inserted.id;
    },

    /**
     * A product's own fields as `input` has them. Its stock is its variants' (written through
     * `writeVariants` or the stock owner), and its creation date stays.
     */
    async update(id: number, input: ProductInput, at: Date): Promise<void> {
      const { stockQuantity: _stock, createdAt: _created, ...values } = toProductValues(input, at);
      await db.update(products).set(values).where(eq(products.id, id));
    },

    /** Out of the shop (inactive and hidden), kept for the orders that hold it. */
    async retire(id: number, at: Date): Promise<void> {
      await db
        .update(products)
        .set({ active: false, displayStatus: 'hidden', updatedAt: at })
        .where(eq(products.id, id));
    },

    /** Gone, with its variants; only for a product no order holds. */
    async remove(id: number): Promise<void> {
      await db.delete(products).where(eq(products.id, id));
    },

    /**
     * A photo appended under the row's own lock, so two uploads at once both land or meet the
     * limit: false when the product is missing or already has `max` photos.
     */
    async appendImage(id: number, url: string, max: number, at: Date): Promise<boolean> {
      const updated = await db
        .update(products)
        .set({
          images: sql`${products.images} || ${JSON.stringify([url])}::jsonb`,
          updatedAt: at,
        })
        .where(and(eq(products.id, id), sql`jsonb_array_length(${products.images}) < ${max}`))
        .returning({ id: products.id });
      return updated.length > 0;
    },

    /** The product's photos, in their order. */
    async setImages(id: number, images: string[], at: Date): Promise<void> {
      await db.update(products).set({ images, updatedAt: at }).where(eq(products.id, id));
    },
  };
}

export type ProductRows = ReturnType<typeof createProductRows>;

/**
 * `write` in one transaction that, when it answers a product id, announces the catalogue change
 * and reads that product back as the API shows it; undefined when it answers none.
 */
export async function writeProduct(
  db: Db,
  write: (tx: Db) => Promise<number | undefined>,
): Promise<ProductReadRow | undefined> {
  return db.transaction(async (tx) => {
    const id = await write(tx);
    if (id === undefined) return undefined;
    await announceCatalogChange(tx);
    return createCatalogRepository(tx).findProductById(id);
  });
}

/** A change to a product in the security log; `actor` null: the shop itself (the ERP sync). */
export async function recordProductChange(
  securityLog: SecurityLog,
  actor: AdminActor | null,
  message: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  await securityLog.record({
    type: 'admin_product_change',
    severity: 'info',
    userId: actor?.id,
    ip: actor?.ip,
    userAgent: actor?.userAgent,
    message,
    metadata,
  });
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
  /** What every stock movement keeps in its transaction: low-stock and back-in-stock alerts. */
  stockWatch: StockWatch;
}) {
  const { db, now, securityLog } = deps;

  return {
    async create(body: unknown, actor: AdminActor): Promise<ProductReadRow> {
      const form = parseForm(body);
      const at = now();
      const variants = variantsOf(form, []) ?? [];
      try {
        const row = await writeProduct(db, async (tx) => {
          const sku = form.sku ?? generatedSku();
          const id = await createProductRows(tx).insert(
            formInput(form, {
              sku,
              options: form.options,
              variants,
              stock_quantity: form.stock_quantity,
            }),
            at,
            // Written next, with SKUs suggested where the form left them out.
            { variantsAfter: true },
          );
          await writeVariants(
            tx,
            { id, sku, options: form.options },
            variants,
            at,
            deps.stockWatch,
          );
          await deps.markPending?.(tx, id);
          return id;
        });
        if (!row) throw new Error('product insert returned no row');
        deps.onChange();
        await recordProductChange(securityLog, actor, `Produto criado: ${row.name} (${row.sku})`, {
          product_id: row.id,
        });
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
        const row = await writeProduct(db, async (tx) => {
          const rows = createProductRows(tx);
          const current = await rows.lock(id);
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
          // Stock is the variants', moved through its owner under this row lock.
          await rows.update(
            id,
            formInput(form, {
              sku,
              options,
              variants,
              stock_quantity: current.stockQuantity,
              complementary_description: current.complementaryDescription,
              sale_price_cents: current.salePriceCents,
              tags: current.tags,
              variations: current.variations,
            }),
            at,
          );
          if (variants)
            await writeVariants(tx, { id, sku, options }, variants, at, deps.stockWatch);
          await deps.markPending?.(tx, id);
          return id;
        });
        if (!row) throw productNotFound();
        deps.onChange();
        await recordProductChange(
          securityLog,
          actor,
          `Produto alterado: ${row.name} (${row.sku})`,
          { product_id: id },
        );
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
        const rows = createProductRows(tx);
        const current = await rows.lock(id);
        const [ordered] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::integer as n from order_items where product_id = ${id}::integer`,
          ),
        );
        if ((ordered?.n ?? 0) > 0) {
          await rows.retire(id, now());
          // Bling hears that it is no longer sold (situação inativa) with the next push.
          await deps.markPending?.(tx, id);
          await announceCatalogChange(tx);
          return { retired: true, name: current.name, sku: current.sku, images: current.images };
        }
        await rows.remove(id);
        await announceCatalogChange(tx);
        return { retired: false, name: current.name, sku: current.sku, images: current.images };
      });
      deps.onChange();
      if (!outcome.retired) await deps.discardPhotos?.(outcome.images);
      await recordProductChange(
        securityLog,
        actor,
        `${outcome.retired ? 'Produto retirado da loja' : 'Produto excluído'}: ${outcome.name} (${outcome.sku})`,
        { product_id: id, retired: outcome.retired },
      );
      return { retired: outcome.retired };
    },
  };
}

export type ProductWrites = ReturnType<typeof createProductWrites>;
