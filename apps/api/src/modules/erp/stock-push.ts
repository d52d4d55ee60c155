import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { blingProductLinks, blingVariantLinks } from '../../db/schema/bling.ts';
import { products } from '../../db/schema/products.ts';
import { stockMovements } from '../../db/schema/stock-movements.ts';
import {
  type BlingClient,
  BlingRequestError,
  BlingShapeError,
  BlingUnavailableError,
} from '../../integrations/bling/bling-client.ts';
import { stopReason } from './run-summary.ts';
import { ofTheShop } from './shop-label.ts';

const BATCH = 100;
/** A movement 'sending' for this long belonged to a process that died mid-call. */
const SENDING_LEASE_MS = 5 * 60_000;

export const UNCERTAIN_MOVEMENT =
  'Um movimento de estoque não teve resposta do Bling e não foi reenviado: confira o saldo no Bling e use "Sincronização completa".';

const OPERATION = { reserve: 'S', release: 'E', set: 'B' } as const;

export interface StockPushSummary {
  sent: number;
  failed: number;
  uncertain: number;
  stopped: string | null;
}

/**
 * The shop's stock movements (orders reserving, returning, the panel's counts) sent to Bling
 * once each, in order: a movement is claimed ('sending') before the call and 'sent' after it.
 * One that got no answer may have been applied, so it is never sent again ('uncertain'); its
 * product is marked failed so the owner checks the balance and runs a full sync.
 */
export function createStockPush(deps: {
  db: Db;
  client: () => BlingClient;
  now: () => Date;
  /** The shop's name as its settings have it now ('' when none). */
  shopName: () => string;
}) {
  const { db, now } = deps;
  let depositId: number | undefined;

  async function markUncertain(ids: number[], productIds: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(stockMovements)
      .set({ erpState: 'uncertain', erpError: UNCERTAIN_MOVEMENT })
      .where(inArray(stockMovements.id, ids));
    await db
      .update(blingProductLinks)
      .set({ syncStatus: 'failed', syncError: UNCERTAIN_MOVEMENT })
      .where(inArray(blingProductLinks.productId, productIds));
  }

  async function pushAll(): Promise<StockPushSummary> {
    const summary: StockPushSummary = { sent: 0, failed: 0, uncertain: 0, stopped: null };
    // Claims left by a process that died in the middle of a call: Bling may have them.
    const abandoned = await db
      .select({ id: stockMovements.id, productId: stockMovements.productId })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.erpState, 'sending'),
          lt(stockMovements.erpAttemptedAt, new Date(now().getTime() - SENDING_LEASE_MS)),
        ),
      );
    await markUncertain(
      abandoned.map((m) => m.id),
      abandoned.map((m) => m.productId),
    );
    summary.uncertain += abandoned.length;

    const client = deps.client();
    try {
      for (;;) {
        const batch = await db
          .select({
            movement: stockMovements,
            productBlingId: blingProductLinks.blingId,
            variationBlingId: blingVariantLinks.blingId,
            // In Bling through variations: the stock is theirs, never the parent's.
            varied: sql<boolean>`exists (
              select 1 from bling_variant_links bl join product_variants pv on pv.id = bl.variant_id
              where pv.product_id = ${products.id}
            )`,
          })
          .from(stockMovements)
          .innerJoin(products, eq(products.id, stockMovements.productId))
          .leftJoin(blingProductLinks, eq(blingProductLinks.productId, products.id))
          .leftJoin(blingVariantLinks, eq(blingVariantLinks.variantId, stockMovements.variantId))
          .where(eq(stockMovements.erpState, 'pending'))
          .orderBy(asc(stockMovements.id))
          .limit(BATCH);
        if (batch.length === 0) break;
        for (const { movement, productBlingId, variationBlingId, varied } of batch) {
          // A variant that is one of Bling's variations moves there; a product's only variant,
          // the product. A variant not in Bling yet is skipped: the variation the next product
          // push creates for it opens with its count then.
          const blingId = variationBlingId ?? (varied ? null : productBlingId);
          const [claimed] = await db
            .update(stockMovements)
            .set({ erpState: 'sending', erpAttemptedAt: now() })
            .where(and(eq(stockMovements.id, movement.id), eq(stockMovements.erpState, 'pending')))
            .returning({ id: stockMovements.id });
          if (!claimed) continue;
          const reason = movement.reason === 'erp' ? null : movement.reason;
          if (!reason || !blingId) {
            await db
              .update(stockMovements)
              .set({ erpState: 'skipped' })
              .where(eq(stockMovements.id, movement.id));
            continue;
          }
          try {
            depositId ??= await client.defaultDepositId();
            const sentId = await client.postStockMovement({
              productId: Number(blingId),
              depositId,
              operation: OPERATION[reason],
              quantity: reason === 'set' ? (movement.balanceAfter ?? 0) : Math.abs(movement.delta),
              note: `Movimento ${movement.id} (${reason}) ${ofTheShop(deps.shopName())}`,
            });
            await db
              .update(stockMovements)
              .set({ erpState: 'sent', erpSentAt: now(), erpMovementId: String(sentId) })
              .where(eq(stockMovements.id, movement.id));
            summary.sent += 1;
          } catch (error) {
            if (error instanceof BlingUnavailableError && !error.answered) {
              await markUncertain([movement.id], [movement.productId]);
              summary.uncertain += 1;
              continue;
            }
            if (error instanceof BlingRequestError || error instanceof BlingShapeError) {
              await db
                .update(stockMovements)
                .set({ erpState: 'failed', erpError: error.message })
                .where(eq(stockMovements.id, movement.id));
              summary.failed += 1;
              continue;
            }
            // Refused before Bling acted (5xx, 429, access): back in line for the next run.
            await db
              .update(stockMovements)
              .set({ erpState: 'pending' })
              .where(eq(stockMovements.id, movement.id));
            throw error;
          }
        }
      }
    } catch (error) {
      summary.stopped = stopReason(error);
    }
    return summary;
  }

  return {
    pushAll,

    /**
     * Under the product's row lock, as Bling's balance (asked for at `balanceAskedAt`) becomes
     * the shop's count: the units the shop moved that Bling's answer may not hold. A movement
     * Bling confirmed before it was asked is in its balance; any other (waiting, on its way,
     * confirmed later, refused, unanswered) is counted, so a doubt makes the count lower, never
     * oversold.
     */
    async onTheirWay(
      tx: Pick<Db, 'execute'>,
      of: { productId: number } | { variantId: number },
      balanceAskedAt: Date,
    ) {
      // A variation's balance in Bling holds only its own variant's movements.
      const whose =
        'variantId' in of
          ? sql`variant_id = ${of.variantId}::integer`
          : sql`product_id = ${of.productId}::integer`;
      const [row] = rowsOf<{ units: number }>(
        await tx.execute(sql`
          select coalesce(sum(delta), 0)::integer as units from stock_movements
          where ${whose} and reason <> 'erp'
            and (erp_state in ('pending', 'sending', 'failed', 'uncertain')
                 or (erp_state = 'sent' and erp_sent_at >= ${balanceAskedAt.toISOString()}::timestamptz))
        `),
      );
      return row?.units ?? 0;
    },

    /**
     * The owner checked Bling's balances and asked for a full sync: the movements in doubt
     * (unanswered, refused) stop counting, and Bling's balance is the count again.
     */
    async settleDoubts(): Promise<number> {
      const settled = await db
        .update(stockMovements)
        .set({ erpState: 'skipped' })
        .where(inArray(stockMovements.erpState, ['uncertain', 'failed']))
        .returning({ id: stockMovements.id });
      return settled.length;
    },
  };
}

export type StockPush = ReturnType<typeof createStockPush>;
