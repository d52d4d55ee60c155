import { and, asc, desc, eq, gt, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { invoices } from '../../db/schema/fulfilment.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceChange = Partial<Omit<typeof invoices.$inferInsert, 'id' | 'orderId'>>;

/**
 * The DANFE of the order's authorised NF-e, for the shipped e-mail: read in the caller's
 * transaction (the orders module writes its e-mails inside one).
 */
export async function danfeLinkOf(db: Pick<Db, 'select'>, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ danfeUrl: invoices.danfeUrl })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.state, 'authorised'),
        isNotNull(invoices.danfeUrl),
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  return row?.danfeUrl ?? null;
}

/** Every NF-e of these orders, oldest first, read in the caller's transaction (the data export). */
export async function invoicesOfOrders(
  db: Pick<Db, 'select'>,
  orderIds: readonly number[],
): Promise<InvoiceRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]))
    .orderBy(asc(invoices.id));
}

/** The SQL of the NF-e rows (the fulfilment module's `invoices`). */
export function createInvoiceRepository(db: Db) {
  return {
    /** The order's NF-e that stands (one at most: the partial unique index), if any. */
    async live(orderId: number): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), ne(invoices.state, 'cancelled')));
      return row;
    },

    /** The order's latest NF-e, a cancelled one included (the panel shows it). */
    async latest(orderId: number): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, orderId))
        .orderBy(desc(invoices.id))
        .limit(1);
      return row;
    },

    /** The latest NF-e of each of some orders (the admin's list). */
    async latestOf(orderIds: number[]): Promise<InvoiceRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .selectDistinctOn([invoices.orderId])
        .from(invoices)
        .where(inArray(invoices.orderId, orderIds))
        .orderBy(invoices.orderId, desc(invoices.id));
    },

    /**
     * Claims the order's NF-e: the insert fails on the partial unique index when another stands,
     * so two clicks or two administrators never ask Bling twice. Claimed as `uncertain`: from the
     * moment the generate call may be out until its answer is recorded.
     */
    async claim(orderId: number, requestedBy: number | null, at: Date) {
      const [row] = await db
        .insert(invoices)
        .values({
          orderId,
          state: 'requesting',
          uncertain: true,
          requestedBy,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /**
     * Takes the row for one attempt when it is still as `seen` (state and moment): whoever
     * changed it first goes on, the other finds nothing here.
     */
    async take(seen: InvoiceRow, values: InvoiceChange): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .update(invoices)
        .set(values)
        .where(
          and(
            eq(invoices.id, seen.id),
            eq(invoices.state, seen.state),
            eq(invoices.updatedAt, seen.updatedAt),
          ),
        )
        .returning();
      return row;
    },

    async update(id: number, values: InvoiceChange): Promise<InvoiceRow> {
      const [row] = await db.update(invoices).set(values).where(eq(invoices.id, id)).returning();
      if (!row) throw new Error(`invoice ${id} vanished`);
      return row;
    },

    /**
     * NF-e still moving at Bling or SEFAZ ('pending', 'processing'), and those whose generate
     * call was left unanswered, after `afterId`: the poll walks them all in batches.
     */
    async open(afterId: number, limit: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(
          and(
            gt(invoices.id, afterId),
            or(
              and(
                inArray(invoices.state, ['pending', 'processing']),
                isNotNull(invoices.providerInvoiceId),
              ),
              and(eq(invoices.state, 'requesting'), eq(invoices.uncertain, true)),
            ),
          ),
        )
        .orderBy(asc(invoices.id))
        .limit(limit);
    },
  };
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
