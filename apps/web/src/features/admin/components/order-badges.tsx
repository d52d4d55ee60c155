import type { AdminOrderRow } from '@lumina/shared/admin/admin-orders';
import {
  INVOICE_STATE_LABELS,
  LABEL_STATE_LABELS,
} from '@lumina/shared/fulfilment/fulfilment-texts';
import { ORDER_STATUS_LABELS } from '@lumina/shared/orders/order-status';
import { PAYMENT_STATUS_LABELS } from '@lumina/shared/payments/payment-status';
import { Badge } from '../../../components/ui/badge.tsx';
import { INVOICE_BADGE_VARIANTS, LABEL_BADGE_VARIANTS } from '../model/fulfilment-view.ts';
import {
  ORDER_BADGE_VARIANTS,
  PAID_AFTER_CANCEL,
  PAYMENT_BADGE_VARIANTS,
  REFUND_LABELS,
} from '../model/order-labels.ts';

/** A list row, or the order of the detail page (which has no label or NF-e states). */
type BadgeFields = Pick<
  AdminOrderRow,
  | 'status'
  | 'payment_status'
  | 'paid_after_cancel'
  | 'refund_status'
  | 'label_state'
  | 'invoice_state'
>;

/**
 * An order's situation in the panel: status, payment, a late payment, a refund, and on the list
 * where its label and NF-e stand.
 */
export function OrderBadges({ order }: { order: BadgeFields }) {
  const refund = REFUND_LABELS[order.refund_status];
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={ORDER_BADGE_VARIANTS[order.status]}>
        {ORDER_STATUS_LABELS[order.status]}
      </Badge>
      <Badge variant={PAYMENT_BADGE_VARIANTS[order.payment_status]}>
        {PAYMENT_STATUS_LABELS[order.payment_status]}
      </Badge>
      {order.paid_after_cancel ? <Badge variant="sale">{PAID_AFTER_CANCEL}</Badge> : null}
      {refund ? <Badge variant="muted">{refund}</Badge> : null}
      {order.label_state ? (
        <Badge variant={LABEL_BADGE_VARIANTS[order.label_state]}>
          Etiqueta: {LABEL_STATE_LABELS[order.label_state]}
        </Badge>
      ) : null}
      {order.invoice_state ? (
        <Badge variant={INVOICE_BADGE_VARIANTS[order.invoice_state]}>
          {/* Badges are set in capitals; the NF-e keeps its small e, as everyone writes it. */}
          <span className="normal-case">NF-e</span>: {INVOICE_STATE_LABELS[order.invoice_state]}
        </Badge>
      ) : null}
    </span>
  );
}
