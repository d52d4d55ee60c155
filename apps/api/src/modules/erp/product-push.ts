import type { BlingSyncSummary } from '@lumina/shared/admin/bling';
import { centsToReais } from '@lumina/shared/format/money';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { products, type ProductRow } from '../../db/schema/products.ts';
import {
  type BlingClient,
  BlingRequestError,
  BlingShapeError,
} from '../../integrations/bling/bling-client.ts';
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
        update products set sync_status = 'pending', sync_error = null
        where id = ${productId}::integer and exists (select 1 from bling_connection)
      `);
    },

    async pushPending(): Promise<BlingSyncSummary> {
      const summary = emptySummary('pending');
      const client = deps.client();
      let depositId: number | undefined;
      let after = 0;
      try {
        for (;;) {
          const batch = await db
            .select()
            .from(products)
            .where(and(inArray(products.syncStatus, ['pending', 'failed']), gt(products.id, after)))
            .orderBy(asc(products.id))
            .limit(BATCH);
          if (batch.length === 0) break;
          for (const row of batch) {
            after = row.id;
            try {
              let blingId = row.blingId;
              if (blingId) {
                await client.updateProduct(Number(blingId), blingBody(row));
              } else {
                blingId = String(await client.createProduct(blingBody(row)));
                await db.update(products).set({ blingId }).where(eq(products.id, row.id));
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
                .update(products)
                .set({ syncStatus: 'synced', syncError: null, blingSyncedAt: at, lastSync: at })
                .where(and(eq(products.id, row.id), eq(products.updatedAt, row.updatedAt)));
              summary[row.blingId ? 'updated' : 'created'] += 1;
            } catch (error) {
              if (!(error instanceof BlingRequestError || error instanceof BlingShapeError)) {
                throw error;
              }
              summary.failed += 1;
              const reason = `${row.name} (${row.sku}): ${error.message}`;
              if (summary.errors.length < ERRORS_KEPT) summary.errors.push(reason);
              await db
                .update(products)
                .set({ syncStatus: 'failed', syncError: error.message })
                .where(eq(products.id, row.id));
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
