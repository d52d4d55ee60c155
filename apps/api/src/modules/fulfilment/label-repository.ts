import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type LabelState, shippingLabels, trackingEvents } from '../../db/schema/fulfilment.ts';
import type { LabelRow, TrackingEventRow } from './fulfilment-json.ts';

type LabelChanges = Partial<Omit<typeof shippingLabels.$inferInsert, 'id' | 'orderId'>>;

/**
 * Every label and tracking event of these orders, oldest first, read in the caller's transaction
 * (the data export).
 */
export async function labelsAndEventsOfOrders(
  db: Pick<Db, 'select'>,
  orderIds: readonly number[],
): Promise<{ labels: LabelRow[]; events: TrackingEventRow[] }> {
  if (orderIds.length === 0) return { labels: [], events: [] };
  const ids = [...orderIds];
  // One after the other: inside a transaction the statements share one connection.
  const labels = await db
    .select()
    .from(shippingLabels)
    .where(inArray(shippingLabels.orderId, ids))
    .orderBy(asc(shippingLabels.id));
  const events = await db
    .select()
    .from(trackingEvents)
    .where(inArray(trackingEvents.orderId, ids))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
  return { labels, events };
}

/** The SQL of the labels and their tracking events (the fulfilment module's tables). */
export function createLabelRepository(db: Db) {
  const live = ne(shippingLabels.state, 'canceled');

  return {
    /** The order's label that is not cancelled (the partial unique index allows one). */
    async liveOf(orderId: number): Promise<LabelRow | undefined> {
      const [row] = await db
        .select()
        .from(shippingLabels)
        .where(and(eq(shippingLabels.orderId, orderId), live));
      return row;
    },

    /** What the order shows: its live label, else the last one cancelled. */
    async shownOf(orderId: number): Promise<LabelRow | undefined> {
      const [row] = await db
        .select()
        .from(shippingLabels)
        .where(eq(shippingLabels.orderId, orderId))
        .orderBy(sql`${shippingLabels.state} = 'canceled'`, desc(shippingLabels.id))
        .limit(1);
      return row;
    },

    async shownStatesOf(orderIds: readonly number[]): Promise<Map<number, LabelState>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ orderId: shippingLabels.orderId, state: shippingLabels.state })
        .from(shippingLabels)
        .where(inArray(shippingLabels.orderId, [...orderIds]))
        .orderBy(sql`${shippingLabels.state} <> 'canceled'`, asc(shippingLabels.id));
      // Later rows win: a live label over any cancelled one, the newest cancelled otherwise.
      return new Map(rows.map((row) => [row.orderId, row.state]));
    },

    async byId(id: number): Promise<LabelRow | undefined> {
      const [row] = await db.select().from(shippingLabels).where(eq(shippingLabels.id, id));
      return row;
    },

    async byProviderOrderIds(ids: readonly string[]): Promise<LabelRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(shippingLabels)
        .where(inArray(shippingLabels.providerOrderId, [...ids]));
    },

    /**
     * The first click (or administrator) inserts the label; anyone else meets the partial unique
     * index and gets nothing back, so never a second purchase for one order.
     */
    async claim(values: {
      orderId: number;
      serviceId: number;
      createdBy: number | null;
      at: Date;
    }): Promise<LabelRow | undefined> {
      const [row] = await db
        .insert(shippingLabels)
        .values({
          orderId: values.orderId,
          serviceId: values.serviceId,
          createdBy: values.createdBy,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /**
     * Takes the label to work on it: only one caller wins, by comparing the moment it was last
     * touched. A label is free when its last step failed or when whoever held it has been
     * silent longer than `leaseMs` (a process that died mid-step).
     */
    async take(label: LabelRow, at: Date, leaseMs: number): Promise<LabelRow | undefined> {
      const [row] = await db
        .update(shippingLabels)
        .set({ updatedAt: at, lastError: null, lastErrorAt: null })
        .where(
          and(
            eq(shippingLabels.id, label.id),
            eq(shippingLabels.state, label.state),
            eq(shippingLabels.updatedAt, label.updatedAt),
            or(
              isNotNull(shippingLabels.lastError),
              lt(shippingLabels.updatedAt, new Date(at.getTime() - leaseMs)),
            ),
          ),
        )
        .returning();
      return row;
    },

    /** Records a step on the label as long as it is still where the caller left it. */
    async record(
      label: Pick<LabelRow, 'id' | 'state'>,
      changes: LabelChanges,
      at: Date,
    ): Promise<LabelRow | undefined> {
      const [row] = await db
        .update(shippingLabels)
        .set({ ...changes, updatedAt: at })
        .where(and(eq(shippingLabels.id, label.id), eq(shippingLabels.state, label.state)))
        .returning();
      return row;
    },

    /** Whether Melhor Envio's order id is already another label's (a tag found again). */
    async providerOrderTaken(providerOrderId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: shippingLabels.id })
        .from(shippingLabels)
        .where(eq(shippingLabels.providerOrderId, providerOrderId));
      return row !== undefined;
    },

    /** Labels the carrier may still move, `limit` at a time after `afterId`. */
    async open(afterId: number, limit: number): Promise<LabelRow[]> {
      return db
        .select()
        .from(shippingLabels)
        .where(
          and(
            inArray(shippingLabels.state, ['generated', 'posted']),
            isNotNull(shippingLabels.providerOrderId),
            gt(shippingLabels.id, afterId),
          ),
        )
        .orderBy(asc(shippingLabels.id))
        .limit(limit);
    },

    /**
     * Purchases halfway whose last step met an outage at least `quietMs` ago, or whose worker
     * went silent longer than `leaseMs` ago.
     */
    async stuck(
      at: Date,
      retryableError: string,
      quietMs: number,
      leaseMs: number,
    ): Promise<LabelRow[]> {
      return db
        .select()
        .from(shippingLabels)
        .where(
          and(
            inArray(shippingLabels.state, ['claimed', 'carted', 'paid']),
            or(
              and(
                eq(shippingLabels.lastError, retryableError),
                lt(shippingLabels.lastErrorAt, new Date(at.getTime() - quietMs)),
              ),
              and(
                isNull(shippingLabels.lastError),
                lt(shippingLabels.updatedAt, new Date(at.getTime() - leaseMs)),
              ),
            ),
          ),
        )
        .orderBy(asc(shippingLabels.id))
        .limit(100);
    },

    async eventsOf(orderId: number): Promise<TrackingEventRow[]> {
      return db
        .select()
        .from(trackingEvents)
        .where(eq(trackingEvents.orderId, orderId))
        .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
    },
  };
}

export type LabelRepository = ReturnType<typeof createLabelRepository>;
