import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { payments } from '../../db/schema/orders.ts';
import { type RefundRow, refunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';

export type NewRefund = Omit<typeof refunds.$inferInsert, 'id'>;

/** The refund rows (owned by payments). Pass a transaction as `db` to make writes one unit. */
export function createRefundRepository(db: Db) {
  return {
    async insert(values: NewRefund): Promise<RefundRow> {
      const [row] = await db.insert(refunds).values(values).returning();
      if (!row) throw new Error('refund insert returned no row');
      return row;
    },

    /** Ends a pending refund; undefined when it was not pending any more. */
    async settle(
      id: number,
      values: Pick<NewRefund, 'status' | 'providerRefundId' | 'e2eId' | 'completedAt' | 'error'>,
    ): Promise<RefundRow | undefined> {
      const [row] = await db
        .update(refunds)
        .set(values)
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
        .returning();
      return row;
    },

    async find(id: number): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
      return row;
    },

    /** What the provider said of a refund still on its way (its ids), the row left pending. */
    async note(
      id: number,
      values: Pick<NewRefund, 'providerRefundId' | 'e2eId'>,
    ): Promise<RefundRow | undefined> {
      const [row] = await db
        .update(refunds)
        .set(values)
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
        .returning();
      return row;
    },

    /** Pending refunds of one method with their payment, oldest first; of one charge if given. */
    async pendingAt(method: RefundRow['method'], only?: { gatewayPaymentId: string }) {
      return db
        .select({ refund: refunds, payment: payments })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(
          and(
            eq(refunds.status, 'pending'),
            eq(refunds.method, method),
            ...(only ? [eq(payments.gatewayPaymentId, only.gatewayPaymentId)] : []),
          ),
        )
        .orderBy(asc(refunds.id))
        .limit(100);
    },

    /** Cents given back or on their way (completed and pending rows) for one order. */
    /**
     * Refunded or on its way of the order's charge `paymentId` (a second payment refunded as a
     * duplicate is not the paid charge's money), and the order's refunds still pending.
     */
    async committedCents(
      orderId: number,
      paymentId: number,
    ): Promise<{ total: number; pending: number }> {
      const [row] = await db
        .select({
          total: sql<number>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} <> 'failed' and ${refunds.paymentId} = ${paymentId}), 0)::integer`,
          pending: sql<number>`count(*) filter (where ${refunds.status} = 'pending')::integer`,
        })
        .from(refunds)
        .where(eq(refunds.orderId, orderId));
      return { total: Number(row?.total ?? 0), pending: Number(row?.pending ?? 0) };
    },

    /** The order's refund on its way, if any (at most one: claims hold the order's lock). */
    async pendingOf(orderId: number): Promise<RefundRow | undefined> {
      const [row] = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')))
        .orderBy(asc(refunds.id))
        .limit(1);
      return row;
    },

    /** Claims a pending refund again for a new attempt (its moment is the attempt's). */
    async reclaim(id: number, at: Date): Promise<RefundRow> {
      const [row] = await db
        .update(refunds)
        .set({ createdAt: at })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
        .returning();
      if (!row) throw new Error(`refund ${id} is no longer pending`);
      return row;
    },

    async findByE2eId(e2eId: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(refunds).where(eq(refunds.e2eId, e2eId));
      return row;
    },

    /** Completed refunds of some orders, oldest first, with the administrator's name. */
    async completedOf(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select({ refund: refunds, adminName: users.name })
        .from(refunds)
        .leftJoin(users, eq(users.id, refunds.adminId))
        .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'completed')))
        .orderBy(asc(refunds.id));
    },
  };
}
