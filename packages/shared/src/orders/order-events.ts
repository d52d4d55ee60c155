import type { PaymentRowStatus } from './order-schemas.ts';

/**
 * Every step the API writes to an order's history (order_events.action). The lifecycle's status
 * changes are named by their action, or by the payment status that moved the order; notes sit
 * beside them without moving the status. The API writes only these (it is typed so), and the
 * admin's history has a label for each.
 */
export const ORDER_EVENT_ACTIONS = [
  'confirm_payment',
  'ship',
  'reopen_shipment',
  'deliver',
  'cancel',
  'refund',
  'payment_pending',
  'payment_processing',
  'payment_approved',
  'payment_rejected',
  'payment_cancelled',
  'payment_refunded',
  // Notes: an order re-priced for a payment method, a refund that failed, the returns' steps.
  'repriced',
  'refund_failed',
  'withdrawal_requested',
  'exchange_requested',
  'withdrawal_cancelled',
  'return_instructions_sent',
  'return_received',
  'return_refunded',
  'return_rejected',
  'exchange_shipped',
  // A second payment of an order already paid (two tabs, a superseded PIX paid anyway).
  'duplicate_payment',
  // Fulfilment: the label paid for and cancelled, the NF-e asked for and what SEFAZ decided.
  'label_purchased',
  'label_cancelled',
  'invoice_requested',
  'invoice_authorised',
  'invoice_rejected',
  'invoice_denied',
  'invoice_cancelled',
] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];

/** The step a payment status writes when it moves the order. */
export function paymentEventAction(status: PaymentRowStatus): OrderEventAction {
  return `payment_${status}`;
}
