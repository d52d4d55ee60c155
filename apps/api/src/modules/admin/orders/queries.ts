import type { AdminOrderListQuery } from '@lumina/shared/admin/admin-orders';
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { orderEvents, orders } from '../../../db/schema/orders.ts';
import { users } from '../../../db/schema/users.ts';

/** `%` and `_` typed in the search box are letters, not wildcards. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A day typed as YYYY-MM-DD starts at midnight in the shop's time zone. */
function startOfDay(day: string): SQL {
  return sql`(${day}::date)::timestamp at time zone ${STORE_TIME_ZONE}`;
}

function filtersOf(query: AdminOrderListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.payment_status) conditions.push(eq(orders.paymentStatus, query.payment_status));
  if (query.from) conditions.push(gte(orders.createdAt, startOfDay(query.from)));
  if (query.to) {
    conditions.push(lt(orders.createdAt, sql`${startOfDay(query.to)} + interval '1 day'`));
  }
  const q = query.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const text = containing(q);
    conditions.push(
      or(
        ilike(orders.orderNumber, text),
        ilike(orders.customerName, text),
        ilike(orders.customerEmail, text),
        // CPF typed with or without its dots and dash.
        digits.length >= 3 && /^[\d.\-\s]+$/.test(q)
          ? sql`${orders.customerCpf} like ${containing(digits)}`
          : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** The administrator's reads of orders: the filtered list and the steps of one order. */
export function createAdminOrderQueries(db: Db) {
  return {
    async list(query: AdminOrderListQuery) {
      const where = filtersOf(query);
      const offset = (query.page - 1) * query.per_page;
      // Qualified by hand: drizzle writes a lone column of a one-table select as "id", which in
      // these subqueries would name the subquery's own table's id (i.order_id = i.id).
      const orderId = sql.raw('"orders"."id"');
      const rows = await db
        .select({
          order: orders,
          itemsCount: sql<number>`(select coalesce(sum(quantity), 0)::integer from order_items i where i.order_id = ${orderId})`,
          provider: sql<
            string | null
          >`(select p.provider from payments p where p.order_id = ${orderId} order by p.id desc limit 1)`,
          total: sql<number>`count(*) over ()`,
        })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.per_page)
        .offset(offset);
      const [alerts] = await db
        .select({ count: sql<number>`count(*)::integer` })
        .from(orders)
        .where(eq(orders.paidAfterCancel, true));
      // A page past the end has no rows to carry the window count: count on its own then.
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && offset > 0) {
        const [counted] = await db
          .select({ count: sql<number>`count(*)::integer` })
          .from(orders)
          .where(where);
        total = Number(counted?.count ?? 0);
      }
      return {
        rows: rows.map((row) => ({
          order: row.order,
          itemsCount: Number(row.itemsCount),
          provider: row.provider as 'pix_builtin' | 'mercadopago' | 'pix_bank' | null,
        })),
        total,
        paidAfterCancel: Number(alerts?.count ?? 0),
      };
    },

    async events(orderId: number) {
      return db
        .select({ event: orderEvents, adminName: users.name })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.adminId))
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(orderEvents.id);
    },
  };
}
