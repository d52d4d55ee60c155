import { labelCarrier } from '@lumina/shared/fulfilment/label-tracking';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema/orders.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import type { OrderDecision } from '../orders/lifecycle.ts';
import type { OrderActor, OrderLifecycle } from '../orders/lifecycle-service.ts';
import type { LabelRow } from './fulfilment-json.ts';

/** Who moved the order: the administrator who bought the label, else Melhor Envio's news. */
export function orderActorOf(admin: AdminActor | null): OrderActor {
  return admin
    ? { actor: 'admin', adminId: admin.id, ip: admin.ip }
    : { actor: 'system', source: 'melhor_envio' };
}

/** Statuses an order reaches once it has left the shop (its tracking code then stays). */
const LEFT_THE_SHOP: readonly OrderRow['status'][] = [
  'shipped',
  'delivered',
  'partially_returned',
  'returned',
  'refunded',
];

/**
 * The order's steps a label brings, through the orders' lifecycle (the one writer of an order's
 * status, which also queues the shopper's e-mails), in the caller's transaction.
 */
export function createLabelOrderSteps(lifecycle: OrderLifecycle) {
  return {
    /**
     * 'ship' with the label's code, unless the order already left with that code. Answers the
     * lifecycle's decision (a refusal: cancelled meanwhile, shipped by hand with another code),
     * or null when there was nothing to do.
     */
    async ship(tx: Db, label: LabelRow, by: OrderActor): Promise<OrderDecision | null> {
      if (!label.trackingCode) return null;
      const order = await lifecycle.lock(tx, label.orderId);
      if (!order) return null;
      if (LEFT_THE_SHOP.includes(order.status) && order.trackingCode === label.trackingCode) {
        return null;
      }
      const applied = await lifecycle.apply(
        tx,
        order,
        { type: 'ship', trackingCode: label.trackingCode, carrier: labelCarrier(label.serviceId) },
        by,
        { label_id: label.id },
      );
      return applied.decision;
    },

    /**
     * The label is cancelled (from the panel, or in Melhor Envio's): the order it shipped goes
     * back to waiting for a label, so the shop can buy another; any other order only keeps the
     * step in its history. An order shipped with another code (typed by hand) stays shipped.
     */
    async cancelled(tx: Db, label: LabelRow, by: OrderActor): Promise<OrderDecision | null> {
      const order = await lifecycle.lock(tx, label.orderId);
      if (!order) return null;
      const details = { label_id: label.id, tracking_code: label.trackingCode };
      if (label.trackingCode && order.status === 'shipped') {
        const applied = await lifecycle.apply(
          tx,
          order,
          { type: 'reopen_shipment', trackingCode: label.trackingCode },
          by,
          { label_id: label.id },
        );
        if (applied.decision.outcome === 'changed') return applied.decision;
      }
      await lifecycle.note(tx, order, 'label_cancelled', by, details);
      return null;
    },

    /** The label paid for at Melhor Envio: the money the shop spent, in the order's history. */
    async purchased(tx: Db, label: LabelRow, by: OrderActor): Promise<void> {
      const order = await lifecycle.lock(tx, label.orderId);
      if (!order) return;
      await lifecycle.note(tx, order, 'label_purchased', by, {
        label_id: label.id,
        service_id: label.serviceId,
        price_cents: label.priceCents,
      });
    },

    /** 'deliver' for a shipped order; anything else (refunded meanwhile) is left as it is. */
    async deliver(tx: Db, label: LabelRow, by: OrderActor): Promise<OrderDecision | null> {
      const order = await lifecycle.lock(tx, label.orderId);
      if (order?.status !== 'shipped') return null;
      const applied = await lifecycle.apply(tx, order, { type: 'deliver' }, by, {
        label_id: label.id,
      });
      return applied.decision;
    },
  };
}

export type LabelOrderSteps = ReturnType<typeof createLabelOrderSteps>;
