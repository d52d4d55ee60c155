import type { AdminCustomerListQuery, CustomerSort } from '@lumina/shared/admin/customers';
import { ADMIN_CUSTOMERS_PER_PAGE } from '@lumina/shared/admin/customers';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rowsOf } from '../../../db/raw-rows.ts';
import { addresses } from '../../../db/schema/addresses.ts';
import { contactMessages } from '../../../db/schema/contact-messages.ts';
import { orders } from '../../../db/schema/orders.ts';
import { privacyRequests } from '../../../db/schema/privacy.ts';
import { returnRequests } from '../../../db/schema/returns.ts';
import { soldOrder } from '../stats.ts';

/** A customer with the sums of their orders, as one row of the aggregate below gives it. */
export interface CustomerAggregateRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  cpf: string | null;
  created_at: string | Date;
  marketing_consent: boolean;
  email_verified_at: string | Date | null;
  google_sub: string | null;
  orders_count: number | string;
  total_cents: number | string;
  last_order_at: string | Date | null;
}

/** Which identifying columns a search may look into: those the caller's role reads. */
export interface SearchableFields {
  cpf: boolean;
  phone: boolean;
}

/** `%` and `_` typed in the search box are letters, not wildcards. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Customers only, and not the erased ones: an erased account is an anonymised row kept for the
 * orders of the fiscal period, no longer anybody's.
 */
const CUSTOMERS = sql`u.role = 'customer' and u.erased_at is null`;

function searchOf(q: string | undefined, fields: SearchableFields): SQL {
  const text = q?.trim();
  if (!text) return CUSTOMERS;
  const like = containing(text);
  const matches: SQL[] = [sql`u.name ilike ${like}`, sql`u.email ilike ${like}`];
  // Digits typed with or without their mask: '(11) 98765-4321', '123.456.789-09'.
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 3 && /^[\d.\-\s()+]+$/.test(text)) {
    if (fields.phone) matches.push(sql`u.phone like ${containing(digits)}`);
    // A role that may not read the CPF may not find a customer by it either.
    if (fields.cpf) matches.push(sql`u.cpf like ${containing(digits)}`);
  }
  return sql`${CUSTOMERS} and (${sql.join(matches, sql` or `)})`;
}

const SORT_COLUMNS: Record<CustomerSort, string> = {
  last_order: 'o.last_order_at',
  total_spent: 'total_cents',
  orders_count: 'orders_count',
  name: 'lower(u.name)',
  created_at: 'u.created_at',
};

function orderOf(query: Pick<AdminCustomerListQuery, 'sort' | 'direction'>): SQL {
  const direction = query.direction === 'asc' ? 'asc' : 'desc';
  // Customers who never ordered go last whichever way; the id keeps pages stable on ties.
  return sql.raw(`${SORT_COLUMNS[query.sort]} ${direction} nulls last, u.id ${direction}`);
}

/**
 * Each customer with their orders summed in one statement: a lateral aggregate per user, so no
 * query runs per row. Orders counted and summed are the sold ones (the home's revenue rule).
 */
function aggregate(where: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`
    select u.id, u.name, u.email, u.phone, u.cpf, u.created_at, u.marketing_consent,
      u.email_verified_at, u.google_sub,
      o.orders_count, o.total_cents, o.last_order_at
    from users u
    cross join lateral (
      select count(*) filter (where ${soldOrder('x')})::integer as orders_count,
        coalesce(sum(x.total_cents) filter (where ${soldOrder('x')}), 0)::bigint as total_cents,
        max(x.created_at) as last_order_at
      from orders x where x.user_id = u.id
    ) o
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}
  `;
}

/** The panel's reads of customers: the searched, sorted page and what one customer's page shows. */
export function createAdminCustomerQueries(db: Db) {
  return {
    async list(query: AdminCustomerListQuery, fields: SearchableFields) {
      const where = searchOf(query.q, fields);
      const offset = (query.page - 1) * ADMIN_CUSTOMERS_PER_PAGE;
      const [rows, counted] = await Promise.all([
        db.execute(aggregate(where, orderOf(query), ADMIN_CUSTOMERS_PER_PAGE, offset)),
        db.execute(sql`select count(*)::integer as total from users u where ${where}`),
      ]);
      return {
        rows: rowsOf<CustomerAggregateRow>(rows),
        total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
      };
    },

    async customer(id: number): Promise<CustomerAggregateRow | undefined> {
      const rows = await db.execute(
        aggregate(
          sql`${CUSTOMERS} and u.id = ${id}::integer`,
          orderOf({ sort: 'created_at', direction: 'desc' }),
          1,
          0,
        ),
      );
      return rowsOf<CustomerAggregateRow>(rows)[0];
    },

    ordersOf(userId: number) {
      return db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          status: orders.status,
          totalCents: orders.totalCents,
          paymentMethod: orders.paymentMethod,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    addressesOf(userId: number) {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), addresses.id);
    },

    privacyRequestsOf(userId: number) {
      return db
        .select({
          id: privacyRequests.id,
          type: privacyRequests.type,
          status: privacyRequests.status,
          requestedAt: privacyRequests.requestedAt,
        })
        .from(privacyRequests)
        .where(eq(privacyRequests.userId, userId))
        .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id));
    },

    returnsOf(userId: number) {
      return db
        .select({
          id: returnRequests.id,
          protocol: returnRequests.protocol,
          type: returnRequests.type,
          status: returnRequests.status,
          orderNumber: orders.orderNumber,
          createdAt: returnRequests.createdAt,
        })
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(eq(returnRequests.userId, userId))
        .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
    },

    /** The contact form asks no account: its messages are the customer's by their e-mail. */
    messagesFrom(email: string) {
      return db
        .select({
          id: contactMessages.id,
          status: contactMessages.status,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(sql`lower(${contactMessages.email}) = lower(${email})`)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    },
  };
}
