import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { orders } from '../../db/schema/orders.ts';
import { couponCustomerUses, coupons, couponUses } from '../../db/schema/promotions.ts';
import { users } from '../../db/schema/users.ts';
import { type CouponRow, toCouponRule } from './rule-row.ts';

/** A coupon's row values as the owner's form gives them (couponInputSchema's output). */
export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'usesCount' | 'createdAt'>;

/** What a coupon did for the shop, for the owner's list. */
export interface CouponStats {
  /** Uses held by orders not cancelled or expired. */
  uses: number;
  paidOrders: number;
  /** What it took off the paid orders' items. */
  discountCents: number;
  /** What those paid orders cost the shoppers. */
  revenueCents: number;
}

export type CouponWithStats = CouponRow & { stats: CouponStats };

/** Where a signed-in shopper stands with a coupon: the per-customer count and a paid order. */
export interface CustomerStanding {
  /** The most uses held by the account or by its CPF. */
  uses: number;
  /** The account, or its CPF on any order, has a paid order. */
  hasPaidOrder: boolean;
}

/** Each coupon's figures in one pass over its uses (released ones still count as paid history). */
function statsQuery(db: Db) {
  return db
    .select({
      couponId: couponUses.couponId,
      uses: sql<number>`(count(*) filter (where ${couponUses.releasedAt} is null))::integer`.as(
        'uses',
      ),
      paidOrders: sql<number>`(count(*) filter (where ${orders.paidAt} is not null))::integer`.as(
        'paid_orders',
      ),
      discountCents:
        sql<number>`coalesce(sum(${couponUses.discountCents}) filter (where ${orders.paidAt} is not null), 0)::integer`.as(
          'discount_cents',
        ),
      revenueCents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paidAt} is not null), 0)::integer`.as(
          'revenue_cents',
        ),
    })
    .from(couponUses)
    .innerJoin(orders, eq(orders.id, couponUses.orderId))
    .groupBy(couponUses.couponId)
    .as('stats');
}

/** Pass a transaction as `db` to make several writes one unit. */
export function createPromotionsRepository(db: Db) {
  async function withStats(where?: ReturnType<typeof eq>): Promise<CouponWithStats[]> {
    const stats = statsQuery(db);
    const rows = await db
      .select({
        coupon: coupons,
        uses: stats.uses,
        paidOrders: stats.paidOrders,
        discountCents: stats.discountCents,
        revenueCents: stats.revenueCents,
      })
      .from(coupons)
      .leftJoin(stats, eq(stats.couponId, coupons.id))
      .where(where)
      // Automatic promotions first, then coupons, newest first.
      .orderBy(sql`${coupons.code} is not null`, desc(coupons.createdAt), desc(coupons.id));
    return rows.map((row) => ({
      ...row.coupon,
      stats: {
        uses: row.uses ?? 0,
        paidOrders: row.paidOrders ?? 0,
        discountCents: row.discountCents ?? 0,
        revenueCents: row.revenueCents ?? 0,
      },
    }));
  }

  return {
    list: () => withStats(),

    async findWithStats(id: number): Promise<CouponWithStats | undefined> {
      return (await withStats(eq(coupons.id, id)))[0];
    },

    /** A coupon by its code as typed (already upper case). */
    async findByCode(code: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
      return row;
    },

    /** The switched-on automatic promotions, as the engine reads them (dates checked at use). */
    async automaticRules(): Promise<CouponRule[]> {
      const rows = await db
        .select()
        .from(coupons)
        .where(and(isNull(coupons.code), eq(coupons.active, true)))
        .orderBy(asc(coupons.id));
      return rows.map(toCouponRule);
    },

    async insert(values: CouponValues, at: Date): Promise<CouponRow> {
      const [row] = await db
        .insert(coupons)
        .values({ ...values, createdAt: at, updatedAt: at })
        .returning();
      if (!row) throw new Error('coupon insert returned no row');
      return row;
    },

    /** Undefined: no such coupon. */
    async update(id: number, values: CouponValues, at: Date): Promise<CouponRow | undefined> {
      const [row] = await db
        .update(coupons)
        .set({ ...values, updatedAt: at })
        .where(eq(coupons.id, id))
        .returning();
      return row;
    },

    /**
     * Deletes a coupon no order ever used, in one statement; a used one stays (its uses keep the
     * orders' history). Answers what happened.
     */
    async deleteUnused(id: number): Promise<'deleted' | 'used' | 'missing'> {
      const result = await db.execute(sql`
        with target as (select id from ${coupons} where id = ${id}::integer),
        used as (select 1 from ${couponUses} where coupon_id = ${id}::integer limit 1),
        gone as (
          delete from ${coupons} where id = ${id}::integer and not exists (select 1 from used)
          returning id
        )
        select exists (select 1 from target) as found, exists (select 1 from gone) as deleted
      `);
      const [row] = rowsOf<{ found: boolean; deleted: boolean }>(result);
      if (!row?.found) return 'missing';
      return row.deleted ? 'deleted' : 'used';
    },

    /**
     * A signed-in shopper against a coupon: its account's and its CPF's held uses (the CPF of
     * the profile, when it has one) and whether either has a paid order.
     */
    async customerStanding(couponId: number, userId: number): Promise<CustomerStanding> {
      const result = await db.execute(sql`
        with customer as (select id, cpf from ${users} where id = ${userId}::integer)
        select
          coalesce((
            select max(u.uses) from ${couponCustomerUses} u, customer
            where u.coupon_id = ${couponId}::integer
              and u.customer_key in ('u:' || customer.id, 'cpf:' || customer.cpf)
          ), 0)::integer as uses,
          exists (
            select 1 from ${orders} o, customer
            where o.paid_at is not null and (
              o.user_id = customer.id
              or (customer.cpf is not null
                and regexp_replace(coalesce(o.customer_cpf, ''), '[^0-9]', '', 'g') = customer.cpf)
            )
          ) as has_paid_order
      `);
      const [row] = rowsOf<{ uses: number; has_paid_order: boolean }>(result);
      return { uses: row?.uses ?? 0, hasPaidOrder: row?.has_paid_order === true };
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
