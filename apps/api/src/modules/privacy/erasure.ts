import { DATA_RETENTION } from '@lumina/shared/constants/account-constants';
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orders } from '../../db/schema/orders.ts';
import { privacyRequests } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { forgetAddressesOf } from '../addresses/repository.ts';
import { loginThrottleKeysOf } from '../auth/auth-limits.ts';
import { forgetSessionsOf } from '../auth/token-service.ts';
import { forgetCartOf } from '../carts/repository.ts';
import { forgetContactMessagesFrom } from '../contact/repository.ts';
import { forgetLoginCodesOf } from '../google-sign-in/login-code-repository.ts';
import { forgetMailsOf } from '../mail/outbox.ts';
import { keepFiscalDataOnly } from '../orders/repository.ts';
import { forgetPasswordResetsOf } from '../password-resets/repository.ts';
import { resetThrottleKeysOf } from '../password-resets/service.ts';
import { forgetEmailVerificationsOf } from '../email-verification/repository.ts';
import { forgetPaymentPayloadsOf } from '../payments/repository.ts';
import { forgetReturnReasonsOf } from '../returns/repository.ts';
import { forgetReviewsOf } from '../reviews/repository.ts';
import { forgetThrottleKeys } from '../security/throttle.ts';
import { anonymiseAccount } from '../users/repository.ts';
import { forgetWishlistOf } from '../wishlist/repository.ts';
import { forgetCouponCustomer } from '../promotions/uses.ts';
import { forgetInvitationsTo } from '../staff/repository.ts';
import { forgetStockAlertsOf } from '../stock-alerts/repository.ts';
import { stockAlertThrottleKeysOf } from '../stock-alerts/service.ts';
import { forgetRemindersOf } from '../reminders/repository.ts';
import { forgetWhatsAppOf } from '../whatsapp/outbox.ts';

/**
 * How long an order's fiscal data outlives the account: 5 years (the privacy policy's
 * "transactions 5 years") counted, as the tax authorities count it, from the first day of the
 * year after the order (CTN art. 173, I), at midnight in São Paulo.
 */
export const FISCAL_RETENTION_YEARS = DATA_RETENTION.transactionsYears;

export function fiscalRetentionEnd(orderedAt: Date): Date {
  const year = Number(
    orderedAt.toLocaleDateString('en-CA', { timeZone: STORE_TIME_ZONE, year: 'numeric' }),
  );
  // 03:00 UTC is midnight in São Paulo (no daylight saving since 2019).
  return new Date(Date.UTC(year + 1 + FISCAL_RETENTION_YEARS, 0, 1, 3));
}

export interface ErasureResult {
  /** The address the account had: the answer goes there, once, and is then cleared. */
  email: string;
  name: string;
  keptOrders: { orderNumber: string; retainedUntil: Date }[];
}

/**
 * Erases one account at its owner's request (LGPD art. 18, VI) in the caller's transaction, each
 * table through the module that owns it: the profile is anonymised, the address book, consents,
 * wishlist, cart, reminders, sessions, reset links, sign-in codes, contact messages,
 * back-in-stock alerts of the person's addresses, product reviews (with their photos), the reasons
 * given for withdrawals and exchanges, the CPF beside coupon uses, e-mails and WhatsApp messages
 * go; the
 * orders keep only their fiscal data until `fiscalRetentionEnd`. The security log stays for its
 * 12 months (the shop's security and Marco Civil da Internet art. 15) and the request itself
 * for the shop's accountability. `apps/api/src/modules/privacy/erasure.test.ts` lists every table.
 */
export async function eraseAccount(
  tx: Db,
  userId: number,
  at: Date,
): Promise<ErasureResult | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.erasedAt) return undefined;
  const orderEmails = await tx
    .selectDistinct({ email: orders.customerEmail })
    .from(orders)
    .where(eq(orders.userId, userId));
  const linkEmails = await forgetEmailVerificationsOf(tx, userId);
  const emails = [
    user.email,
    ...(user.pendingEmail ? [user.pendingEmail] : []),
    ...linkEmails,
    ...orderEmails.flatMap(({ email }) => (email ? [email] : [])),
  ];

  await forgetCouponCustomer(tx, userId);
  const kept = await keepFiscalDataOnly(tx, userId, fiscalRetentionEnd, at);
  const orderIds = kept.map((order) => order.id);
  await forgetPaymentPayloadsOf(tx, orderIds);
  await forgetReturnReasonsOf(tx, userId);
  // Published ones too, as the privacy policy says; their photos' files go with the reviews' job.
  await forgetReviewsOf(tx, userId);
  await forgetAddressesOf(tx, userId);
  await forgetRemindersOf(tx, userId);
  await forgetCartOf(tx, userId);
  await forgetWishlistOf(tx, userId);
  await forgetSessionsOf(tx, userId);
  await forgetPasswordResetsOf(tx, userId);
  await forgetLoginCodesOf(tx, userId);
  await forgetContactMessagesFrom(tx, emails);
  await forgetInvitationsTo(tx, emails);
  await forgetStockAlertsOf(tx, emails);
  await forgetThrottleKeys(
    tx,
    [...new Set(emails.map((e) => e.toLowerCase()))].flatMap((email) => [
      ...loginThrottleKeysOf(email),
      ...resetThrottleKeysOf(email),
      ...stockAlertThrottleKeysOf(email),
    ]),
  );
  await forgetMailsOf(tx, { emails, orderIds });
  await forgetWhatsAppOf(tx, orderIds);
  await tx
    .update(privacyRequests)
    .set({ exportData: null, exportExpiresAt: null })
    .where(eq(privacyRequests.userId, userId));
  await anonymiseAccount(tx, userId, at);
  return {
    email: user.email,
    name: user.name,
    keptOrders: kept.map(({ orderNumber, retainedUntil }) => ({ orderNumber, retainedUntil })),
  };
}
