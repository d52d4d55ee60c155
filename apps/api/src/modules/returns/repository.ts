import type { AdminReturnListQuery } from '@lumina/shared/returns/return-schemas';
import { OPEN_RETURN_STATUSES } from '@lumina/shared/returns/return-schemas';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import {
  type ReturnItemRow,
  returnItems,
  type ReturnRequestRow,
  returnRequests,
} from '../../db/schema/returns.ts';
import { type LinePriceRow, linePriceColumns } from '../catalog/line-prices.ts';

export type NewReturnRequest = Omit<typeof returnRequests.$inferInsert, 'id'>;
export type ReturnRequestChange = Partial<Omit<NewReturnRequest, 'orderId' | 'userId' | 'type'>>;

/** A variant an exchange asks for: whose it is, whether it is for sale, its prices. */
export interface ExchangeCandidate extends LinePriceRow {
  id: number;
  productId: number;
  active: boolean;
}

/** A request with what its pages show of the order. */
export interface ReturnWithOrder {
  request: ReturnRequestRow;
  orderNumber: string;
  customerName: string;
  customerEmail: string | null;
}

/** An item with its order line as bought and the wanted variant's values. */
export interface ReturnItemView {
  item: ReturnItemRow;
  line: typeof orderItems.$inferSelect;
  exchangeOptionValues: Record<string, string> | null;
}

const withOrder = {
  request: returnRequests,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
};

/**
 * Erasure of an account (LGPD art. 18, VI): its requests stay with their orders (the record of
 * goods and money that came back), without the shopper's own words.
 */
export async function forgetReturnReasonsOf(db: Db, userId: number): Promise<void> {
  await db.update(returnRequests).set({ reason: null }).where(eq(returnRequests.userId, userId));
}

/** The returns module's tables. Pass a transaction as `db` to make several writes one unit. */
export function createReturnRepository(db: Db) {
  return {
    async nextProtocolNumber(): Promise<number> {
      const result = await db.execute(sql`select nextval('return_protocol_seq')::integer as value`);
      const [row] = rowsOf<{ value: number }>(result);
      if (!row) throw new Error('return_protocol_seq gave no value');
      return Number(row.value);
    },

    async insert(
      values: NewReturnRequest,
      items: Omit<typeof returnItems.$inferInsert, 'id' | 'returnId'>[],
    ): Promise<ReturnRequestRow> {
      const [request] = await db.insert(returnRequests).values(values).returning();
      if (!request) throw new Error('return request insert returned no row');
      await db.insert(returnItems).values(items.map((item) => ({ ...item, returnId: request.id })));
      return request;
    },

    async update(id: number, values: ReturnRequestChange): Promise<ReturnRequestRow> {
      const [row] = await db
        .update(returnRequests)
        .set(values)
        .where(eq(returnRequests.id, id))
        .returning();
      if (!row) throw new Error(`return request ${id} vanished`);
      return row;
    },

    async setResellable(itemId: number, resellable: boolean): Promise<void> {
      await db.update(returnItems).set({ resellable }).where(eq(returnItems.id, itemId));
    },

    /** Holds the request until the transaction ends (after its order's lock: orders first). */
    async lock(id: number): Promise<ReturnRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.id, id))
        .for('update');
      return row;
    },

    async find(id: number): Promise<ReturnWithOrder | undefined> {
      const [row] = await db
        .select(withOrder)
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(eq(returnRequests.id, id));
      return row;
    },

    /** Units of each order item already in a request that was not refused. */
    async unitsInRequests(orderId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({
          orderItemId: returnItems.orderItemId,
          quantity: sql<number>`sum(${returnItems.quantity})::integer`,
        })
        .from(returnItems)
        .innerJoin(returnRequests, eq(returnRequests.id, returnItems.returnId))
        .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, 'rejected')))
        .groupBy(returnItems.orderItemId);
      return new Map(rows.map((row) => [row.orderItemId, Number(row.quantity)]));
    },

    /** Units that came back in withdrawals already refunded. */
    async refundedUnits(orderId: number): Promise<number> {
      const [row] = await db
        .select({ units: sql<number>`coalesce(sum(${returnItems.quantity}), 0)::integer` })
        .from(returnItems)
        .innerJoin(returnRequests, eq(returnRequests.id, returnItems.returnId))
        .where(
          and(
            eq(returnRequests.orderId, orderId),
            eq(returnRequests.type, 'withdrawal'),
            eq(returnRequests.status, 'refunded'),
          ),
        );
      return Number(row?.units ?? 0);
    },

    async listByUser(userId: number, limit: number): Promise<ReturnWithOrder[]> {
      return db
        .select(withOrder)
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(eq(returnRequests.userId, userId))
        .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
        .limit(limit);
    },

    /** The shop's queue: open requests by how soon they must be answered, then the rest. */
    async list(query: AdminReturnListQuery): Promise<{ rows: ReturnWithOrder[]; total: number }> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(returnRequests.status, query.status));
      if (query.type) conditions.push(eq(returnRequests.type, query.type));
      if (query.open === 'true') {
        conditions.push(inArray(returnRequests.status, [...OPEN_RETURN_STATUSES]));
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const isOpen = sql`case when ${returnRequests.status} in ('requested', 'instructions_sent', 'received') then 0 else 1 end`;
      const rows = await db
        .select(withOrder)
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(where)
        .orderBy(asc(isOpen), asc(returnRequests.answerBy), asc(returnRequests.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const [counted] = await db
        .select({ count: sql<number>`count(*)::integer` })
        .from(returnRequests)
        .where(where);
      return { rows, total: Number(counted?.count ?? 0) };
    },

    /** The variants some exchange asks for, with their product's prices (as an order reads them). */
    async exchangeCandidates(variantIds: number[]): Promise<ExchangeCandidate[]> {
      if (variantIds.length === 0) return [];
      return db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          active: sql<boolean>`(${productVariants.active} and ${products.active} and ${productVariants.retiredAt} is null)`,
          ...linePriceColumns,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(inArray(productVariants.id, variantIds));
    },

    async itemsOf(returnIds: number[]): Promise<ReturnItemView[]> {
      if (returnIds.length === 0) return [];
      const rows = await db
        .select({
          item: returnItems,
          line: orderItems,
          exchangeOptionValues: productVariants.optionValues,
        })
        .from(returnItems)
        .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
        .leftJoin(productVariants, eq(productVariants.id, returnItems.exchangeVariantId))
        .where(inArray(returnItems.returnId, returnIds))
        .orderBy(asc(returnItems.id));
      return rows.map((row) => ({
        ...row,
        exchangeOptionValues: row.item.exchangeVariantId ? (row.exchangeOptionValues ?? {}) : null,
      }));
    },
  };
}

export type ReturnRepository = ReturnType<typeof createReturnRepository>;
