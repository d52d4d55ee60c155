import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { orderEvents, type OrderRow, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import { reclaimCouponUse, releaseCouponUse } from '../promotions/uses.ts';
import type { StockWatch } from '../catalog/stock.ts';
import { createStock } from '../catalog/stock.ts';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { type OrderEventAction, paymentEventAction } from '@lumina/shared/orders/order-events';
import { mailShop } from '../mail/mail-signature.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderUpdates } from '../whatsapp/order-updates.ts';
import {
  decide,
  type OrderAction,
  type OrderChange,
  type OrderDecision,
  type OrderState,
} from './lifecycle.ts';
import { createPaymentRepository } from '../payments/repository.ts';
import { paymentOfRecord } from './order-json.ts';
import {
  customerMail,
  duplicatePaymentMail,
  paidAfterCancelMail,
  reachable,
} from './order-mails.ts';

type WhatsAppUpdateKind = 'payment_approved' | 'order_shipped' | 'order_delivered';

/** The changes a shopper who opted in also hears of by WhatsApp (received goes with the PIX). */
const WHATSAPP_UPDATES: ReadonlySet<string> = new Set<WhatsAppUpdateKind>([
  'payment_approved',
  'order_shipped',
  'order_delivered',
]);

/** Who moved an order: recorded with the step, and shown in the admin's order detail. */
export type OrderActor =
  | { actor: 'admin'; adminId: number; ip: string | null }
  | { actor: 'customer'; userId: number }
  | { actor: 'provider' | 'system'; source: string };

export const RESTORE_OUT_OF_STOCK =
  'Não há estoque suficiente para restaurar este pedido. Devolva o valor ao cliente ou ajuste o estoque antes.';

export function orderState(order: OrderRow): OrderState {
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    trackingCode: order.trackingCode,
    paidAfterCancel: order.paidAfterCancel,
    refundStatus: order.refundStatus,
  };
}

/** The column values a change writes, with the moments it stamps. */
function columnsOf(
  change: OrderChange,
  order: OrderRow,
  action: OrderAction,
  by: OrderActor,
  at: Date,
) {
  const { set } = change;
  const columns: Partial<typeof orders.$inferInsert> = { ...set, updatedAt: at };
  if (set.paymentStatus === 'approved' && !order.paidAt) columns.paidAt = at;
  if (set.status === 'shipped') columns.shippedAt = at;
  if (action.type === 'ship' && set.status === 'shipped') {
    columns.trackingCarrier = action.carrier ?? null;
  }
  // Back to waiting for a label: the order has not left the shop after all.
  if (action.type === 'reopen_shipment') {
    columns.shippedAt = null;
    columns.trackingCarrier = null;
  }
  if (set.status === 'delivered') columns.deliveredAt = at;
  if (set.status === 'cancelled') columns.cancelledAt = at;
  if (action.type === 'confirm_payment' && by.actor === 'admin') {
    columns.paymentConfirmedBy = by.adminId;
  }
  return columns;
}

export interface AppliedChange {
  decision: OrderDecision;
  /** The order after the change (the same row when nothing changed). */
  order: OrderRow;
}

/**
 * The only writer of an order's status, so no path skips a step or its effects. Callers open the
 * transaction, lock the
 * order with `lock` (before any payment row: every writer locks in that order), and `apply` an
 * action: the machine in lifecycle.ts decides, and this writes the order, the step, the stock
 * movement (through the catalogue's stock) and the promised e-mails (to the outbox), all in the
 * caller's transaction.
 */
export function createOrderLifecycle(deps: {
  now: () => Date;
  outbox: Pick<MailOutbox, 'enqueue'>;
  appUrl: string;
  /** The store settings now: the e-mails speak with the shop's current name and signature. */
  storeSettings: () => StoreSettings;
  /** What every stock movement keeps in its transaction: low-stock and back-in-stock alerts. */
  stockWatch: StockWatch;
  /**
   * The DANFE of the order's authorised NF-e, read in the e-mail's transaction: the fulfilment
   * module owns NF-e, so the shipped e-mail asks it rather than reading its table.
   */
  invoiceLinkOf?: (tx: Db, orderId: number) => Promise<string | null>;
  /** The order updates by WhatsApp to a shopper who opted in, queued beside the e-mails. */
  orderUpdates?: Pick<OrderUpdates, 'enqueue'>;
}) {
  const { now, outbox, appUrl } = deps;

  async function unitsOf(tx: Db, orderId: number): Promise<Map<number, number>> {
    const result = await tx.execute(sql`
      select variant_id as "variantId", sum(quantity)::integer as quantity
      from order_items where order_id = ${orderId}::integer and variant_id is not null
      group by variant_id
    `);
    return new Map(
      rowsOf<{ variantId: number; quantity: number }>(result).map((row) => [
        row.variantId,
        row.quantity,
      ]),
    );
  }

  async function enqueueMails(tx: Db, change: OrderChange, order: OrderRow, eventId: number) {
    for (const kind of change.mails) {
      if (WHATSAPP_UPDATES.has(kind)) {
        await deps.orderUpdates?.enqueue(
          tx,
          order,
          { kind: kind as WhatsAppUpdateKind },
          `order-event:${eventId}:${kind}`,
        );
      }
      if (kind === 'admin_paid_after_cancel') {
        const admins = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.id));
        for (const admin of admins) {
          await outbox.enqueue(tx, {
            key: `order-event:${eventId}:${kind}:${admin.id}`,
            kind,
            orderId: order.id,
            message: paidAfterCancelMail(order, admin.email, appUrl),
          });
        }
      } else {
        const customer = reachable(order);
        // An erased account's order keeps no e-mail address: there is nobody to write to.
        if (!customer) continue;
        // The approved e-mail names how it was paid: the row moved to approved just before.
        const payment =
          kind === 'payment_approved'
            ? paymentOfRecord(await createPaymentRepository(tx).paymentsOf([order.id]))
            : null;
        const danfeUrl =
          kind === 'order_shipped' ? ((await deps.invoiceLinkOf?.(tx, order.id)) ?? null) : null;
        const shop = mailShop(deps.storeSettings());
        await outbox.enqueue(tx, {
          key: `order-event:${eventId}:${kind}`,
          kind,
          orderId: order.id,
          message: customerMail(kind, customer, appUrl, shop, payment, danfeUrl),
        });
      }
    }
  }

  return {
    /** Who the order's e-mails speak for now (its returns' and refunds' too). */
    shop: () => mailShop(deps.storeSettings()),

    /** Holds the order's row until the transaction ends. */
    async lock(tx: Db, orderId: number): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    /** Applies `action` to a locked order; refusals come back as decisions, not errors. */
    async apply(
      tx: Db,
      order: OrderRow,
      action: OrderAction,
      by: OrderActor,
      details: Record<string, unknown> = {},
    ): Promise<AppliedChange> {
      const decision = decide(orderState(order), action);
      if (decision.outcome !== 'changed') return { decision, order };
      const at = now();
      const columns = columnsOf(decision, order, action, by, at);
      const stock = createStock(tx, deps.stockWatch);

      if (decision.returnStock && !order.stockReturnedAt) {
        columns.stockReturnedAt = at;
        await stock.release(await unitsOf(tx, order.id), at);
        // The coupon's use goes back with the stock: the order that held it will not be paid.
        if (order.couponCode) await releaseCouponUse(tx, order.id, at);
      }
      if (decision.reserveStock && order.stockReturnedAt) {
        const units = await unitsOf(tx, order.id);
        const reserved = await stock.reserve(units, at);
        if (reserved.size !== units.size) {
          throw new AppError('conflict', RESTORE_OUT_OF_STOCK, { code: 'insufficient_stock' });
        }
        // The discount it was paid at takes its coupon's use back, as far as the limit allows.
        if (order.couponCode) await reclaimCouponUse(tx, order.id);
        columns.stockReturnedAt = null;
      }

      const [updated] = await tx
        .update(orders)
        .set(columns)
        .where(eq(orders.id, order.id))
        .returning();
      if (!updated) throw new Error(`order ${order.id} vanished under its lock`);
      const [event] = await tx
        .insert(orderEvents)
        .values({
          orderId: order.id,
          action: action.type === 'payment' ? paymentEventAction(action.status) : action.type,
          fromStatus: order.status,
          toStatus: updated.status,
          actor: by.actor,
          adminId: by.actor === 'admin' ? by.adminId : null,
          ip: by.actor === 'admin' ? by.ip : null,
          details: {
            ...details,
            ...('source' in by ? { source: by.source } : {}),
            ...(action.type === 'ship' || action.type === 'reopen_shipment'
              ? { tracking_code: action.trackingCode }
              : {}),
            ...(decision.refund ? { refund: decision.refund } : {}),
          },
          createdAt: at,
        })
        .returning({ id: orderEvents.id });
      if (!event) throw new Error('order event insert returned no row');
      await enqueueMails(tx, decision, updated, event.id);
      return { decision, order: updated };
    },

    /**
     * A step that concerns the order without moving its status (a withdrawal requested, goods
     * received back, an exchange shipped), kept in the order's history beside its status changes.
     */
    async note(
      tx: Db,
      order: OrderRow,
      action: OrderEventAction,
      by: OrderActor,
      details: Record<string, unknown> = {},
    ): Promise<number> {
      const [event] = await tx
        .insert(orderEvents)
        .values({
          orderId: order.id,
          action,
          fromStatus: order.status,
          toStatus: order.status,
          actor: by.actor,
          adminId: by.actor === 'admin' ? by.adminId : null,
          ip: by.actor === 'admin' ? by.ip : null,
          details: { ...details, ...('source' in by ? { source: by.source } : {}) },
          createdAt: now(),
        })
        .returning({ id: orderEvents.id });
      return event?.id ?? 0;
    },

    /**
     * A second payment of an order already paid, in the caller's transaction (order locked): the
     * order stays as it is, the step is kept in its history, and when the shop must give the money
     * back itself (no automatic refund) each administrator is told.
     */
    async flagDuplicatePayment(
      tx: Db,
      order: OrderRow,
      by: OrderActor,
      details: { payment_id: number; amount_cents: number; refund: 'automatic' | 'owner' },
    ): Promise<void> {
      const eventId = await this.note(tx, order, 'duplicate_payment', by, details);
      if (details.refund !== 'owner') return;
      const admins = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.role, 'admin'))
        .orderBy(asc(users.id));
      for (const admin of admins) {
        await outbox.enqueue(tx, {
          key: `order-event:${eventId}:admin_duplicate_payment:${admin.id}`,
          kind: 'admin_duplicate_payment',
          orderId: order.id,
          message: duplicatePaymentMail(order, details.amount_cents, admin.email, appUrl),
        });
      }
    },
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
