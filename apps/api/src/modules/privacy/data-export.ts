import { formatAddressLine } from '@lumina/shared/addresses/address-line';
import { centsToReais as reais } from '@lumina/shared/format/money';
import { dataExportPurpose, type DataExport } from '@lumina/shared/privacy/data-export';
import { REVIEW_STATUS_LABELS, reviewPhotoUrl } from '@lumina/shared/reviews/review-schemas';
import { shopName } from '@lumina/shared/settings/settings-rules';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { addresses } from '../../db/schema/addresses.ts';
import { cartItems, carts, wishlistItems } from '../../db/schema/carts.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { privacyRequests } from '../../db/schema/privacy.ts';
import { returnRequests } from '../../db/schema/returns.ts';
import { products } from '../../db/schema/products.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { userConsents, users } from '../../db/schema/users.ts';
import { serviceName, trackingEventsJson } from '../fulfilment/fulfilment-json.ts';
import { invoicesOfOrders } from '../fulfilment/invoice-repository.ts';
import { labelsAndEventsOfOrders } from '../fulfilment/label-repository.ts';
import { lowVariantName } from '../catalog/low-stock.ts';
import { stockAlertsOf } from '../stock-alerts/repository.ts';
import { reviewsOfUser } from '../reviews/repository.ts';
import { remindersOfUser } from '../reminders/repository.ts';
import { currentConsents } from './consents.ts';

/** The security log is kept 12 months; the export shows what is there. */
const ACTIVITY_LIMIT = 500;

/**
 * Everything the shop keeps about one person, read in one snapshot (LGPD art. 18, II and V):
 * the profile, consents with their history, addresses, orders (with their NF-e, labels and
 * tracking), withdrawals and exchanges, product reviews, wishlist, cart, the back-in-stock alerts
 * of the account's address, the cart and PIX reminders sent, the account's activity in the security log and the privacy requests.
 * Built field by field, like the user JSON, so a password hash, a
 * token, a Google subject or a provider's id never leaves.
 */
export function createDataExport(deps: { now: () => Date; storeSettings: () => StoreSettings }) {
  /** `db` is the caller's connection or transaction: the export is read where it is asked. */
  return async function exportOf(db: Db, userId: number): Promise<DataExport | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user || user.erasedAt) return undefined;
    const at = deps.now();

    // One after another: inside a transaction the statements share one connection.
    const current = await currentConsents(db, userId);
    const history = await db
      .select()
      .from(userConsents)
      .where(eq(userConsents.userId, userId))
      .orderBy(asc(userConsents.createdAt), asc(userConsents.id));
    const book = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), asc(addresses.id));
    const orderRows = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    const returned = await db
      .select({ request: returnRequests, orderNumber: orders.orderNumber })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(eq(returnRequests.userId, userId))
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
    const reviewed = await reviewsOfUser(db, userId);
    const wished = await db
      .select({ name: products.name, addedAt: wishlistItems.addedAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.addedAt));
    const cart = await db
      .select({ name: products.name, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(carts.userId, userId))
      .orderBy(asc(cartItems.id));
    const activity = await db
      .select()
      .from(securityLogs)
      .where(
        and(
          eq(securityLogs.userId, userId),
          gte(securityLogs.createdAt, new Date(at.getTime() - 366 * 24 * 3600 * 1000)),
        ),
      )
      .orderBy(desc(securityLogs.createdAt))
      .limit(ACTIVITY_LIMIT);
    const alerts = await stockAlertsOf(db, [user.email]);
    const reminded = await remindersOfUser(db, userId);
    const requests = await db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, userId))
      .orderBy(desc(privacyRequests.requestedAt));

    const orderIds = orderRows.map((order) => order.id);
    const items =
      orderIds.length === 0
        ? []
        : await db
            .select()
            .from(orderItems)
            .where(inArray(orderItems.orderId, orderIds))
            .orderBy(asc(orderItems.id));
    const nfes = await invoicesOfOrders(db, orderIds);
    const shipped = await labelsAndEventsOfOrders(db, orderIds);

    return {
      personalInfo: {
        name: user.name,
        email: user.email,
        phone: user.phone,
        cpf: user.cpf,
        birth_date: user.birthDate,
        gender: user.gender,
        country: user.country,
        email_verified: user.emailVerifiedAt !== null,
        pending_email: user.pendingEmail,
        google_linked: user.googleSub !== null,
        created_at: user.createdAt.toISOString(),
      },
      preferences: {
        ...current.consents,
        history: history.map((row) => ({
          consent: row.consent,
          accepted: row.accepted,
          policy_version: row.policyVersion,
          at: row.createdAt.toISOString(),
          ip: row.ip,
        })),
      },
      addresses: book.map((row) => ({
        name: row.name,
        full_address: formatAddressLine({ ...row, zip_code: row.zipCode }),
        is_default: row.isDefault,
      })),
      orders: orderRows.map((order) => ({
        order_number: order.orderNumber,
        created_at: order.createdAt.toISOString(),
        status: order.status,
        payment_status: order.paymentStatus,
        customer_name: order.customerName,
        customer_email: order.customerEmail,
        customer_phone: order.customerPhone,
        customer_cpf: order.customerCpf,
        shipping_address: formatAddressLine({
          ...order.shippingAddress,
          zip_code: order.shippingAddress.zipCode,
        }),
        shipping: order.shippingName,
        tracking_code: order.trackingCode,
        total: reais(order.totalCents),
        items: items
          .filter((item) => item.orderId === order.id)
          .map((item) => ({
            product_name: item.productName,
            sku: item.sku,
            quantity: item.quantity,
            unit_price: reais(item.unitPriceCents),
            total: reais(item.totalCents),
          })),
        invoices: nfes
          .filter((nfe) => nfe.orderId === order.id)
          .map((nfe) => ({
            state: nfe.state,
            number: nfe.number,
            series: nfe.series,
            access_key: nfe.accessKey,
            danfe_url: nfe.danfeUrl,
            xml_url: nfe.xmlUrl,
            requested_at: nfe.createdAt.toISOString(),
            authorised_at: nfe.authorisedAt?.toISOString() ?? null,
            cancelled_at: nfe.cancelledAt?.toISOString() ?? null,
          })),
        shipping_labels: shipped.labels
          .filter((label) => label.orderId === order.id)
          .map((label) => ({
            service: serviceName(label.serviceId),
            tracking_code: label.trackingCode,
            state: label.state,
            created_at: label.createdAt.toISOString(),
            posted_at: label.postedAt?.toISOString() ?? null,
            delivered_at: label.deliveredAt?.toISOString() ?? null,
          })),
        tracking_events: trackingEventsJson(
          shipped.events.filter((event) => event.orderId === order.id),
        ),
      })),
      returns: returned.map(({ request, orderNumber }) => ({
        protocol: request.protocol,
        order_number: orderNumber,
        type: request.type,
        status: request.status,
        reason: request.reason,
        created_at: request.createdAt.toISOString(),
      })),
      reviews: reviewed.map(({ review, productName, orderNumber }) => ({
        product_name: productName,
        order_number: orderNumber,
        rating: review.rating,
        text: review.text,
        author: review.authorName,
        variant: review.variantLabel,
        status: REVIEW_STATUS_LABELS[review.status],
        photo_url: review.photoId ? reviewPhotoUrl(review.photoId) : null,
        reply: review.reply,
        created_at: review.createdAt.toISOString(),
      })),
      wishlist: wished.map((row) => ({
        product_name: row.name,
        added_at: row.addedAt.toISOString(),
      })),
      cart: cart.map((row) => ({ product_name: row.name, quantity: row.quantity })),
      stock_alerts: alerts.map((row) => ({
        product_name: lowVariantName(row),
        email: row.email,
        status: row.status,
        consented_at: row.consentedAt.toISOString(),
        requested_at: row.requestedAt.toISOString(),
        confirmed_at: row.confirmedAt?.toISOString() ?? null,
        notified_at: row.notifiedAt?.toISOString() ?? null,
      })),
      reminders: reminded.map(({ sequence, messages }) => ({
        kind: sequence.kind,
        started_at: sequence.createdAt.toISOString(),
        stopped_at: sequence.stoppedAt?.toISOString() ?? null,
        stop_reason: sequence.stopReason,
        emails: messages.map((message) => ({
          sent_at: message.sentAt.toISOString(),
          restored_at: message.restoredAt?.toISOString() ?? null,
        })),
      })),
      account_activity: activity.map((row) => ({
        type: row.type,
        message: row.message,
        at: row.createdAt.toISOString(),
        ip: row.ip,
      })),
      privacy_requests: requests.map((row) => ({
        type: row.type,
        status: row.status,
        requested_at: row.requestedAt.toISOString(),
        deadline: row.deadlineAt.toISOString(),
        completed_at: row.completedAt?.toISOString() ?? null,
      })),
      exportDate: at.toISOString(),
      purpose: dataExportPurpose(shopName(deps.storeSettings())),
    };
  };
}

export type DataExporter = ReturnType<typeof createDataExport>;
