import { sql } from 'drizzle-orm';
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The per-customer counters an order's use raises: the account and, when the order names one,
 * the CPF, so a second account of the same person does not start its count anew.
 */
function customerKeys(userId: number | null, cpfDigits: string | null): string[] {
  const keys: string[] = [];
  if (userId !== null) keys.push(`u:${userId}`);
  if (cpfDigits) keys.push(`cpf:${cpfDigits}`);
  return keys;
}

/** Orders store the CPF as its 11 digits (the checkout schema strips the mask). */
function paidOrderExists(userId: number | null, cpfDigits: string | null) {
  return sql`exists (
    select 1 from orders o
    where o.paid_at is not null
      and (o.user_id = ${userId}::integer or (${cpfDigits}::text is not null and o.customer_cpf = ${cpfDigits}::text))
  )`;
}

function rejected(reason: string): AppError {
  return new AppError('invalid_data', reason, {
    code: 'coupon_rejected',
    fields: { coupon: [reason] },
  });
}

/**
 * Why the coupon's row refused the use: read only on that failure, inside the order's
 * transaction, so it sees what the claim saw.
 */
async function diagnose(
  tx: Db,
  couponId: number,
  userId: number | null,
  cpfDigits: string | null,
): Promise<string> {
  const [row] = rowsOf<{ exhausted: boolean; first_purchase: boolean }>(
    await tx.execute(sql`
      select (usage_limit is not null and uses_count >= usage_limit) as exhausted,
        (first_purchase_only and ${paidOrderExists(userId, cpfDigits)}) as first_purchase
      from coupons where id = ${couponId}::integer
    `),
  );
  if (row?.exhausted) return COUPON_MESSAGES.exhausted;
  if (row?.first_purchase) return COUPON_MESSAGES.firstPurchase;
  return COUPON_MESSAGES.invalid;
}

/**
 * Holds one use of a coupon for an order, in the order's transaction, in ONE statement: the
 * coupon's `uses_count` rises only below its usage limit (and, for a first-purchase coupon, only
 * when neither the account nor the CPF has a paid order); each per-customer counter rises only
 * below the per-customer limit (an upsert whose update is conditional, so two orders of the same
 * shopper at once queue on the counter's row and the second sees the first's count); the use is
 * recorded. The coupon's row lock serialises every order using it, so the last use goes to
 * exactly one. When any part did not happen the order is refused with the reason, and throwing
 * rolls the whole order back.
 */
export async function claimCouponUse(
  tx: Db,
  claim: {
    coupon: CouponRule;
    orderId: number;
    userId: number | null;
    cpfDigits: string | null;
    discountCents: number;
    at: Date;
  },
): Promise<void> {
  const { coupon, orderId, userId, cpfDigits, discountCents, at } = claim;
  const keys = coupon.perCustomerLimit === null ? [] : customerKeys(userId, cpfDigits);
  const keyArray = `{${keys.map((key) => `"${key}"`).join(',')}}`;
  const [row] = rowsOf<{ held: number; customers: number; used: number }>(
    await tx.execute(sql`
      with held as (
        update coupons set uses_count = uses_count + 1
        where id = ${coupon.id}::integer
          and (usage_limit is null or uses_count < usage_limit)
          and (not first_purchase_only or not ${paidOrderExists(userId, cpfDigits)})
        returning id
      ), customers as (
        insert into coupon_customer_uses (coupon_id, customer_key, uses)
        select held.id, k.key, 1 from held, unnest(${keyArray}::text[]) as k(key)
        on conflict (coupon_id, customer_key) do update set uses = coupon_customer_uses.uses + 1
        where coupon_customer_uses.uses < ${coupon.perCustomerLimit ?? 0}::integer
        returning 1
      ), used as (
        insert into coupon_uses (coupon_id, order_id, user_id, customer_cpf, discount_cents, created_at)
        select held.id, ${orderId}::integer, ${userId}::integer, ${cpfDigits}::text,
          ${discountCents}::integer, ${at.toISOString()}::timestamptz
        from held
        returning 1
      )
      select (select count(*) from held)::integer as held,
        (select count(*) from customers)::integer as customers,
        (select count(*) from used)::integer as used
    `),
  );
  if (!row || row.held !== 1 || row.used !== 1) {
    throw rejected(await diagnose(tx, coupon.id, userId, cpfDigits));
  }
  if (row.customers !== keys.length) throw rejected(COUPON_MESSAGES.alreadyUsed);
}

/**
 * Gives back an order's use of a coupon when the order is cancelled or expires, beside its
 * stock: exactly once (the use's `released_at` guards it), lowering the coupon's count and the
 * shopper's counters. The use row stays, released, for the panel's history. A no-op for an
 * order without a coupon or already released.
 */
export async function releaseCouponUse(tx: Db, orderId: number, at: Date): Promise<boolean> {
  const rows = rowsOf<{ coupon_id: number }>(
    await tx.execute(sql`
      with released as (
        update coupon_uses set released_at = ${at.toISOString()}::timestamptz
        where order_id = ${orderId}::integer and released_at is null
        returning coupon_id, user_id, customer_cpf
      ), counted as (
        update coupons c set uses_count = greatest(c.uses_count - 1, 0)
        from released r where c.id = r.coupon_id
        returning 1
      ), customers as (
        update coupon_customer_uses u set uses = greatest(u.uses - 1, 0)
        from released r
        where u.coupon_id = r.coupon_id
          and u.customer_key in ('u:' || r.user_id::text, 'cpf:' || r.customer_cpf)
        returning 1
      )
      select coupon_id from released
    `),
  );
  return rows.length > 0;
}

/**
 * Holds again the use a cancelled order released, when a late payment restores the order with
 * its stock: the shopper paid the discounted total, so the order keeps its discount either way.
 * Below the coupon's usage limit the use and the shopper's counters count again; when the last
 * use went to another order meanwhile, the use stays released rather than push the count past
 * the limit. Answers whether the use is held again.
 */
export async function reclaimCouponUse(tx: Db, orderId: number): Promise<boolean> {
  const [row] = rowsOf<{ held: number }>(
    await tx.execute(sql`
      with released as (
        select coupon_id, user_id, customer_cpf from coupon_uses
        where order_id = ${orderId}::integer and released_at is not null
        for update
      ), held as (
        update coupons c set uses_count = c.uses_count + 1
        from released r
        where c.id = r.coupon_id and (c.usage_limit is null or c.uses_count < c.usage_limit)
        returning c.id
      ), customers as (
        update coupon_customer_uses u set uses = u.uses + 1
        from released r, held h
        where u.coupon_id = h.id
          and u.customer_key in ('u:' || r.user_id::text, 'cpf:' || r.customer_cpf)
        returning 1
      ), back as (
        update coupon_uses set released_at = null
        from held h
        where order_id = ${orderId}::integer and coupon_id = h.id
        returning 1
      )
      select (select count(*) from back)::integer as held
    `),
  );
  return (row?.held ?? 0) > 0;
}

/**
 * Forgets a person in the coupon records when their account is erased (LGPD art. 18, VI): their
 * uses keep only the order and the amount, and their per-customer counters (account and CPF) go,
 * so a per-customer limit starts again for that CPF: erasure outweighs the shop's count. Runs
 * before the account's own CPF is cleared, which it reads.
 */
export async function forgetCouponCustomer(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`
    with cpfs as (
      select customer_cpf as cpf from coupon_uses
        where user_id = ${userId}::integer and customer_cpf is not null
      union
      select cpf from users where id = ${userId}::integer and cpf is not null
    ), counters as (
      delete from coupon_customer_uses
      where customer_key = 'u:' || ${userId}::integer::text
         or customer_key in (select 'cpf:' || cpf from cpfs)
    )
    update coupon_uses set customer_cpf = null where user_id = ${userId}::integer
  `);
}
