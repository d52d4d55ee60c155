import type { BlingSyncSummary } from '@lumina/shared/admin/bling';
import { centsToReais } from '@lumina/shared/format/money';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blingProductLinks, blingVariantLinks } from '../../db/schema/bling.ts';
import {
  products,
  type ProductRow,
  productVariants,
  type ProductVariantRow,
} from '../../db/schema/products.ts';
import { stockMovements } from '../../db/schema/stock-movements.ts';
import {
  type BlingClient,
  BlingRequestError,
  BlingShapeError,
} from '../../integrations/bling/bling-client.ts';
import { blingVariationName } from './product-mapping.ts';
import { ERRORS_KEPT, emptySummary, stopReason } from './run-summary.ts';

const BATCH = 100;

/** The shop's product as Bling's POST/PUT /produtos take it. */
function blingBody(row: ProductRow) {
  return {
    nome: row.name,
    codigo: row.sku,
    preco: centsToReais(row.priceCents),
    tipo: 'P',
    formato: 'S',
    situacao: row.active ? 'A' : 'I',
    unidade: 'UN',
    descricaoCurta: row.description,
    pesoBruto: row.weightGrams / 1000,
    dimensoes: {
      largura: row.widthCm,
      altura: row.heightCm,
      profundidade: row.lengthCm,
      unidadeMedida: 1,
    },
  };
}

type LinkedVariant = ProductVariantRow & { blingId: string | null };

/**
 * A product sold in several variants goes to Bling as formato 'V': each variant a variation with
 * its SKU, its values as "Nome:Valor;Nome:Valor" and its own price when it has one. A variation
 * Bling already has is sent with its id (updated); one without is created by Bling.
 */
function blingVariedBody(row: ProductRow, variants: LinkedVariant[]) {
  return {
    ...blingBody(row),
    formato: 'V',
    variacoes: variants.map((variant, index) => {
      const values = row.options.map((option) => variant.optionValues[option.name] ?? '');
      return {
        ...(variant.blingId && { id: Number(variant.blingId) }),
        nome: `${row.name} ${values.filter(Boolean).join(' ')}`.trim(),
        codigo: variant.sku,
        preco: centsToReais(variant.priceCents ?? row.priceCents),
        tipo: 'P',
        formato: 'S',
        situacao: row.active && variant.active ? 'A' : 'I',
        unidade: 'UN',
        ...(variant.gtin && { gtin: variant.gtin }),
        ...(variant.weightGrams != null && { pesoBruto: variant.weightGrams / 1000 }),
        variacao: {
          nome: blingVariationName(row.options, variant.optionValues),
          ordem: index + 1,
        },
      };
    }),
  };
}

/**
 * Sends Bling what changed in the shop: products created or edited in the panel while the shop is
 * connected wait as 'pending' (and those that failed are tried again). A product is marked synced
 * only if nobody edited it while it was on its way.
 */
export function createProductPush(deps: { db: Db; client: () => BlingClient; now: () => Date }) {
  const { db, now } = deps;

  return {
    /**
     * Called in the transaction of a panel write: with a Bling connection, the product waits for
     * the next push. Without one the product stays local and nothing is queued.
     */
    async markPending(tx: Pick<Db, 'execute'>, productId: number): Promise<void> {
      await tx.execute(sql`
        insert into bling_product_links (product_id, sync_status)
        select ${productId}::integer, 'pending' where exists (select 1 from bling_connection)
        on conflict (product_id) do update set sync_status = 'pending', sync_error = null
      `);
    },

    async pushPending(): Promise<BlingSyncSummary> {
      /** The product's live variants, each with its variation's Bling id when it has one. */
      const liveVariants = async (productId: number): Promise<LinkedVariant[]> => {
        const rows = await db
          .select({ variant: productVariants, blingId: blingVariantLinks.blingId })
          .from(productVariants)
          .leftJoin(blingVariantLinks, eq(blingVariantLinks.variantId, productVariants.id))
          .where(and(eq(productVariants.productId, productId), isNull(productVariants.retiredAt)))
          .orderBy(asc(productVariants.position), asc(productVariants.id));
        return rows.map(({ variant, blingId }) => ({ ...variant, blingId }));
      };

      /**
       * Bling answers a product's id only: its variations' ids are read back from the product
       * and kept by SKU. A variation new to Bling opens with the variant's count.
       */
      const linkVariations = async (blingId: number, variants: LinkedVariant[]) => {
        const detail = await client.getProduct(blingId);
        const bySku = new Map(
          (detail.variacoes ?? []).map((variation) => [
            (variation.codigo ?? '').trim().toUpperCase(),
            variation.id,
          ]),
        );
        for (const variant of variants) {
          const variationId = bySku.get(variant.sku.toUpperCase());
          if (variationId === undefined || variant.blingId === String(variationId)) continue;
          const at = now();
          // The count now, its movements so far held by the opening balance (not sent again);
          // later ones go to the variation as they come.
          const quantity = await db.transaction(async (tx) => {
            const [locked] = await tx
              .select({ stockQuantity: productVariants.stockQuantity })
              .from(productVariants)
              .where(eq(productVariants.id, variant.id))
              .for('update');
            await tx
              .update(stockMovements)
              .set({ erpState: 'skipped' })
              .where(
                and(
                  eq(stockMovements.variantId, variant.id),
                  eq(stockMovements.erpState, 'pending'),
                ),
              );
            await tx
              .delete(blingVariantLinks)
              .where(eq(blingVariantLinks.blingId, String(variationId)));
            await tx
              .insert(blingVariantLinks)
              .values({ variantId: variant.id, blingId: String(variationId), syncedAt: at })
              .onConflictDoUpdate({
                target: blingVariantLinks.variantId,
                set: { blingId: String(variationId), syncedAt: at },
              });
            return locked?.stockQuantity ?? variant.stockQuantity;
          });
          depositId ??= await client.defaultDepositId();
          await client.postStockMovement({
            productId: variationId,
            depositId,
            operation: 'B',
            quantity,
            note: `Saldo inicial da loja (variante ${variant.id})`,
          });
        }
      };

      /** Bling's id of a product it just created. */
      const setBlingId = async (productId: number, blingId: string) => {
        await db
          .update(blingProductLinks)
          .set({ blingId })
          .where(eq(blingProductLinks.productId, productId));
      };

      const summary = emptySummary('pending');
      const client = deps.client();
      let depositId: number | undefined;
      let after = 0;
      try {
        for (;;) {
          const batch = await db
            .select({ product: products, blingId: blingProductLinks.blingId })
            .from(products)
            .innerJoin(blingProductLinks, eq(blingProductLinks.productId, products.id))
            .where(
              and(
                inArray(blingProductLinks.syncStatus, ['pending', 'failed']),
                gt(products.id, after),
              ),
            )
            .orderBy(asc(products.id))
            .limit(BATCH);
          if (batch.length === 0) break;
          for (const { product: row, blingId: knownId } of batch) {
            after = row.id;
            try {
              let blingId = knownId;
              const variants = await liveVariants(row.id);
              // One variant that is a Bling variation keeps its product a formato V one.
              const varied = variants.length > 1 || variants.some((v) => v.blingId !== null);
              const body = varied ? blingVariedBody(row, variants) : blingBody(row);
              if (blingId) {
                await client.updateProduct(Number(blingId), body);
                if (varied) await linkVariations(Number(blingId), variants);
              } else if (varied) {
                blingId = String(await client.createProduct(body));
                await setBlingId(row.id, blingId);
                // Stock lives in the variations: each opens with its variant's count.
                await linkVariations(Number(blingId), variants);
              } else {
                blingId = String(await client.createProduct(body));
                await setBlingId(row.id, blingId);
                // A new product's opening balance in Bling is the shop's count.
                depositId ??= await client.defaultDepositId();
                await client.postStockMovement({
                  productId: Number(blingId),
                  depositId,
                  operation: 'B',
                  quantity: row.stockQuantity,
                  note: `Saldo inicial da loja (produto ${row.id})`,
                });
              }
              const at = now();
              // Unchanged since it was read: synced. Edited meanwhile: stays pending for next time.
              await db
                .update(blingProductLinks)
                .set({ syncStatus: 'synced', syncError: null, syncedAt: at, productSyncedAt: at })
                .where(
                  and(
                    eq(blingProductLinks.productId, row.id),
                    sql`exists (select 1 from ${products} where ${products.id} = ${row.id}::integer and ${products.updatedAt} = ${row.updatedAt.toISOString()}::timestamptz)`,
                  ),
                );
              summary[knownId ? 'updated' : 'created'] += 1;
            } catch (error) {
              if (!(error instanceof BlingRequestError || error instanceof BlingShapeError)) {
                throw error;
              }
              summary.failed += 1;
              const reason = `${row.name} (${row.sku}): ${error.message}`;
              if (summary.errors.length < ERRORS_KEPT) summary.errors.push(reason);
              await db
                .update(blingProductLinks)
                .set({ syncStatus: 'failed', syncError: error.message })
                .where(eq(blingProductLinks.productId, row.id));
            }
          }
        }
      } catch (error) {
        summary.stopped = stopReason(error);
      }
      return summary;
    },
  };
}
