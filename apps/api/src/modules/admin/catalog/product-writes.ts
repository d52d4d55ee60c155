import {
  ADMIN_PRODUCT_MESSAGES,
  adminProductFormSchema,
} from '@lumina/shared/admin/product-form-schema';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rowsOf } from '../../../db/raw-rows.ts';
import { products, type ProductRow } from '../../../db/schema/products.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { AppError } from '../../../http/app-error.ts';
import { fieldErrors } from '../../../http/field-errors.ts';
import { announceCatalogChange } from '../../catalog/changes.ts';
import { toProductValues } from '../../catalog/product-record.ts';
import { PRODUCT_NOT_FOUND } from '../../catalog/service.ts';
import { createStock } from '../../catalog/stock.ts';
import type { SecurityLog } from '../../security/security-log.ts';
import type { AdminActor } from '../orders/service.ts';

const SKU_UNIQUE = 'products_sku_unique';

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
    fields: fieldErrors(parsed.error, 'product'),
  });
}

function skuTaken(): AppError {
  return new AppError('invalid_data', ADMIN_PRODUCT_MESSAGES.skuTaken, {
    code: 'sku_taken',
    fields: { sku: [ADMIN_PRODUCT_MESSAGES.skuTaken] },
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
    async create(body: unknown, actor: AdminActor): Promise<ProductRow> {
      const form = parseForm(body);
      const at = now();
      try {
        const row = await db.transaction(async (tx) => {
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
                  sku: form.sku ?? generatedSku(),
                  active: form.active,
                  display_status: form.display_status,
                  images: form.images,
                  sizes: form.sizes,
                  measures: form.measures,
                  stock_quantity: form.stock_quantity,
                },
                at,
              ),
            )
            .returning();
          if (inserted) await deps.markPending?.(tx, inserted.id);
          await announceCatalogChange(tx);
          return inserted;
        });
        if (!row) throw new Error('product insert returned no row');
        deps.onChange();
        await record(actor, `Produto criado: ${row.name} (${row.sku})`, { product_id: row.id });
        return row;
      } catch (error) {
        if (isUniqueViolation(error, SKU_UNIQUE)) throw skuTaken();
        throw error;
      }
    },

    async update(id: number, body: unknown, actor: AdminActor): Promise<ProductRow> {
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
              sku: form.sku ?? current.sku,
              bling_id: current.blingId,
              active: form.active,
              display_status: form.display_status,
              images: form.images,
              sizes: form.sizes,
              measures: form.measures,
              tags: current.tags,
              variations: current.variations,
              stock_quantity: current.stockQuantity,
              created_at: current.createdAt,
            },
            at,
          );
          // Stock goes through its owner, under this row lock, never below zero.
          const { stockQuantity: _stock, ...rest } = values;
          await tx.update(products).set(rest).where(eq(products.id, id));
          if (form.stock_quantity !== current.stockQuantity) {
            await createStock(tx).set(id, form.stock_quantity, at);
          }
          await deps.markPending?.(tx, id);
          const [updated] = await tx.select().from(products).where(eq(products.id, id));
          await announceCatalogChange(tx);
          return updated;
        });
        if (!row) throw notFound();
        deps.onChange();
        await record(actor, `Produto alterado: ${row.name} (${row.sku})`, { product_id: id });
        return row;
      } catch (error) {
        if (isUniqueViolation(error, SKU_UNIQUE)) throw skuTaken();
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
