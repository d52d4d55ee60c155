import type { OptionValues, ProductOption } from '@lumina/shared/catalog/variants';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { type StockAlertRow, stockAlerts } from '../../db/schema/stock-alerts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long personal data waits here: an unconfirmed visitor's address (and its link) 3 days, a
 * confirmed alert 180 days for a variant that never comes back, a sent one 30 days (its e-mail's
 * 'Cancelar aviso' works until then).
 */
export const STOCK_ALERT_RETENTION = {
  pendingMs: 3 * DAY_MS,
  waitingMs: 180 * DAY_MS,
  sentMs: 30 * DAY_MS,
} as const;

/** A variant as the alerts name it, and whether it is on sale at all. */
export interface AlertVariant {
  id: number;
  sku: string;
  optionValues: OptionValues;
  stockQuantity: number;
  /** Active, not retired, of an active product. */
  sellable: boolean;
  productId: number;
  productName: string;
  options: ProductOption[];
}

export type NewStockAlert = Pick<
  StockAlertRow,
  | 'variantId'
  | 'email'
  | 'status'
  | 'confirmTokenHash'
  | 'cancelTokenHash'
  | 'consentedAt'
  | 'requestedAt'
  | 'confirmedAt'
>;

/** An alert claimed for its e-mail: the address and the new cancel token's hash it carries. */
export interface ClaimedAlert {
  id: number;
  email: string;
  cancelTokenHash: string;
}

/** The stock alerts' rows; the module owns the table. `db` may be a transaction. */
export function createStockAlertRepository(db: Db) {
  return {
    async variant(variantId: number): Promise<AlertVariant | undefined> {
      const result = await db.execute(sql`
        select v.id, v.sku, v.option_values as "optionValues", v.stock_quantity as "stockQuantity",
          (v.active and p.active and v.retired_at is null) as sellable,
          p.id as "productId", p.name as "productName", p.options
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where v.id = ${variantId}::integer
      `);
      return rowsOf<AlertVariant>(result)[0];
    },

    /** The alert of one address for one variant, locked until the caller's transaction ends. */
    async findForUpdate(variantId: number, email: string): Promise<StockAlertRow | undefined> {
      const [row] = await db
        .select()
        .from(stockAlerts)
        .where(and(eq(stockAlerts.variantId, variantId), eq(stockAlerts.email, email)))
        .for('update');
      return row;
    },

    /** False when a concurrent request of the same address and variant inserted it first. */
    async insert(alert: NewStockAlert): Promise<boolean> {
      const rows = await db
        .insert(stockAlerts)
        .values(alert)
        .onConflictDoNothing({ target: [stockAlerts.variantId, stockAlerts.email] })
        .returning({ id: stockAlerts.id });
      return rows.length > 0;
    },

    async update(id: number, patch: Partial<NewStockAlert & { notifiedAt: Date | null }>) {
      await db.update(stockAlerts).set(patch).where(eq(stockAlerts.id, id));
    },

    /**
     * Follows a confirmation link: a pending alert asked for within its 3 days joins the queue,
     * and the link stops working. Undefined for any other token.
     */
    async confirm(confirmTokenHash: string, at: Date): Promise<StockAlertRow | undefined> {
      const [row] = await db
        .update(stockAlerts)
        .set({ status: 'waiting', confirmedAt: at, confirmTokenHash: null })
        .where(
          and(
            eq(stockAlerts.confirmTokenHash, confirmTokenHash),
            eq(stockAlerts.status, 'pending'),
            sql`${stockAlerts.requestedAt} > ${new Date(at.getTime() - STOCK_ALERT_RETENTION.pendingMs).toISOString()}::timestamptz`,
          ),
        )
        .returning();
      return row;
    },

    /** 'Cancelar aviso': the alert and its address go, whatever its state. */
    async cancel(cancelTokenHash: string): Promise<StockAlertRow | undefined> {
      const [row] = await db
        .delete(stockAlerts)
        .where(eq(stockAlerts.cancelTokenHash, cancelTokenHash))
        .returning();
      return row;
    },

    /**
     * The `limit` oldest waiting alerts of a variant, in the order they were asked for, locked
     * until the caller's transaction ends: a second restock of the variant in another transaction
     * waits here and then sees them sent.
     */
    async oldestWaiting(variantId: number, limit: number): Promise<number[]> {
      if (limit <= 0) return [];
      const rows = await db
        .select({ id: stockAlerts.id })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.variantId, variantId), eq(stockAlerts.status, 'waiting')))
        .orderBy(stockAlerts.requestedAt, stockAlerts.id)
        .limit(limit)
        .for('update');
      return rows.map((row) => row.id);
    },

    /**
     * Marks the alerts sent, each with the hash of the cancel token its e-mail carries. Only the
     * ones still waiting are answered (a conditional update): an alert is claimed once. The
     * answer keeps the order of `claims` (RETURNING keeps none).
     */
    async markSent(
      claims: readonly { id: number; cancelTokenHash: string }[],
      at: Date,
    ): Promise<ClaimedAlert[]> {
      if (claims.length === 0) return [];
      const ids = `{${claims.map((claim) => claim.id).join(',')}}`;
      const hashes = `{${claims.map((claim) => claim.cancelTokenHash).join(',')}}`;
      const result = await db.execute(sql`
        update ${stockAlerts} as a
        set status = 'sent', notified_at = ${at.toISOString()}::timestamptz,
          cancel_token_hash = c.hash
        from unnest(${ids}::integer[], ${hashes}::text[]) as c(id, hash)
        where a.id = c.id and a.status = 'waiting'
        returning a.id, a.email, a.cancel_token_hash as "cancelTokenHash"
      `);
      const sent = new Map(rowsOf<ClaimedAlert>(result).map((row) => [row.id, row]));
      return claims.flatMap((claim) => {
        const row = sent.get(claim.id);
        return row ? [row] : [];
      });
    },

    /** Who waits for each variant of a product (the panel); unconfirmed ones past 3 days aside. */
    async countsOfProduct(productId: number, at: Date) {
      const since = new Date(at.getTime() - STOCK_ALERT_RETENTION.pendingMs).toISOString();
      const result = await db.execute(sql`
        select a.variant_id as "variantId",
          count(*) filter (where a.status = 'waiting')::integer as waiting,
          count(*) filter (where a.status = 'pending' and a.requested_at > ${since}::timestamptz)::integer as pending
        from ${stockAlerts} a join ${productVariants} v on v.id = a.variant_id
        where v.product_id = ${productId}::integer
        group by a.variant_id
        order by a.variant_id
      `);
      return rowsOf<{ variantId: number; waiting: number; pending: number }>(result);
    },

    /** Drops what outlived STOCK_ALERT_RETENTION; answers how many rows went. */
    async purge(at: Date): Promise<number> {
      const before = (ms: number) => new Date(at.getTime() - ms);
      const pending = await db
        .delete(stockAlerts)
        .where(
          and(
            eq(stockAlerts.status, 'pending'),
            lt(stockAlerts.requestedAt, before(STOCK_ALERT_RETENTION.pendingMs)),
          ),
        )
        .returning({ id: stockAlerts.id });
      const waiting = await db
        .delete(stockAlerts)
        .where(
          and(
            eq(stockAlerts.status, 'waiting'),
            lt(
              sql`coalesce(${stockAlerts.confirmedAt}, ${stockAlerts.requestedAt})`,
              before(STOCK_ALERT_RETENTION.waitingMs),
            ),
          ),
        )
        .returning({ id: stockAlerts.id });
      const sent = await db
        .delete(stockAlerts)
        .where(
          and(
            eq(stockAlerts.status, 'sent'),
            lt(stockAlerts.notifiedAt, before(STOCK_ALERT_RETENTION.sentMs)),
          ),
        )
        .returning({ id: stockAlerts.id });
      return pending.length + waiting.length + sent.length;
    },
  };
}

export type StockAlertRepository = ReturnType<typeof createStockAlertRepository>;

const lowered = (emails: readonly string[]) => [
  ...new Set(emails.map((email) => email.trim().toLowerCase())),
];

/** LGPD export: the alerts of the person's addresses, oldest first, with what they wait for. */
export async function stockAlertsOf(db: Db, emails: readonly string[]) {
  const addresses = lowered(emails);
  if (addresses.length === 0) return [];
  return db
    .select({
      productName: products.name,
      options: products.options,
      optionValues: productVariants.optionValues,
      email: stockAlerts.email,
      status: stockAlerts.status,
      consentedAt: stockAlerts.consentedAt,
      requestedAt: stockAlerts.requestedAt,
      confirmedAt: stockAlerts.confirmedAt,
      notifiedAt: stockAlerts.notifiedAt,
    })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(stockAlerts.email, addresses))
    .orderBy(stockAlerts.requestedAt, stockAlerts.id);
}

/** LGPD erasure: every alert of the person's addresses goes, sent or still waiting. */
export async function forgetStockAlertsOf(tx: Db, emails: readonly string[]): Promise<void> {
  const addresses = lowered(emails);
  if (addresses.length === 0) return;
  await tx.delete(stockAlerts).where(inArray(stockAlerts.email, addresses));
}
