import type { AdminOrderRow } from '@lumina/shared/admin/admin-orders';
import { ORDER_STATUS_LABELS } from '@lumina/shared/orders/order-status';
import { PAYMENT_STATUS_LABELS } from '@lumina/shared/payments/payment-status';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  ORDER_BADGE_VARIANTS,
  PAID_AFTER_CANCEL,
  PAYMENT_BADGE_VARIANTS,
  REFUND_LABELS,
} from '../model/order-labels.ts';

type BadgeFields = Pick<
  AdminOrderRow,
  'status' | 'payment_status' | 'paid_after_cancel' | 'refund_status'
>;

/** An order's situation in the panel: status, payment, a late payment, a refund. */
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
    </span>
  );
}
