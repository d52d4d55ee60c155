import { trackingUrlOf } from '@lumina/shared/fulfilment/label-tracking';
import { formatBRL } from '@lumina/shared/format/money';
import { CORREIOS_TRACKING_URL } from '@lumina/shared/orders/tracking-code';
import { brazilianMobile } from '@lumina/shared/settings/settings-rules';
import {
  ORDER_UPDATE_TEMPLATES,
  type OrderUpdateKind,
} from '@lumina/shared/whatsapp/order-updates';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema/orders.ts';
import type { WhatsAppConnection } from './connection.ts';
import type { WhatsAppOutbox } from './outbox.ts';

/** The order's fields the messages read. */
export type UpdatedOrder = Pick<
  OrderRow,
  | 'id'
  | 'orderNumber'
  | 'customerName'
  | 'totalCents'
  | 'trackingCode'
  | 'trackingCarrier'
  | 'whatsappOptIn'
  | 'whatsappPhone'
>;

/** What a change of an order may have to say by WhatsApp. */
export type OrderUpdate =
  | { kind: 'order_received'; pixCode: string }
  | { kind: Exclude<OrderUpdateKind, 'order_received'> };

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The template's {{1}}, {{2}}... for one order and one update, in ORDER_UPDATE_TEMPLATES' order. */
export function updateParameters(order: UpdatedOrder, update: OrderUpdate): string[] {
  const common = [firstName(order.customerName), order.orderNumber];
  switch (update.kind) {
    case 'order_received':
      return [...common, formatBRL(order.totalCents), update.pixCode];
    case 'order_shipped': {
      const code = order.trackingCode ?? '';
      return [...common, code, trackingUrlOf(code, order.trackingCarrier) ?? CORREIOS_TRACKING_URL];
    }
    case 'payment_approved':
    case 'order_delivered':
      return common;
  }
}

/** The order's phone as WhatsApp wants it: 55 and the mobile's 11 digits; null if not a mobile. */
export function whatsappNumberOf(phone: string | null): string | null {
  const mobile = phone ? brazilianMobile(phone) : undefined;
  return mobile ? `55${mobile}` : null;
}

/**
 * The order updates by WhatsApp, queued in the transaction of the change they tell about:
 * nothing for a shopper who did not opt in, nor while the shop has no WhatsApp set up.
 */
export function createOrderUpdates(deps: {
  outbox: Pick<WhatsAppOutbox, 'enqueue'>;
  connection: Pick<WhatsAppConnection, 'available'>;
}) {
  return {
    /** `key`: the change's own (a payment or an order event), so a retried change queues once. */
    async enqueue(tx: Db, order: UpdatedOrder, update: OrderUpdate, key: string): Promise<void> {
      if (!order.whatsappOptIn || !order.whatsappPhone) return;
      if (!(await deps.connection.available(tx))) return;
      const template = ORDER_UPDATE_TEMPLATES[update.kind];
      await deps.outbox.enqueue(tx, {
        key: `${key}:whatsapp`,
        kind: update.kind,
        orderId: order.id,
        to: order.whatsappPhone,
        template: template.name,
        parameters: updateParameters(order, update),
      });
    },
  };
}

export type OrderUpdates = ReturnType<typeof createOrderUpdates>;
