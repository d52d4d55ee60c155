import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import { formatDateTime } from '@lumina/shared/format/dates';
import { formatBRL } from '@lumina/shared/format/money';
import { isPaymentStatus, PAYMENT_STATUS_LABELS } from '@lumina/shared/payments/payment-status';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  PAYMENT_BADGE_VARIANTS,
  paymentSourceLabel,
  PROVIDER_LABELS,
} from '../model/order-labels.ts';
import { DetailBox, DetailRow } from './detail-box.tsx';

type AdminPayment = AdminOrderDetail['payments'][number];

/** The attempt that paid the order (approved, or refunded since): the order JSON's rule. */
function paidAttempt(payments: readonly AdminPayment[]): AdminPayment | undefined {
  return payments.find((payment) => payment.status === 'approved' || payment.status === 'refunded');
}

/** How it was paid, and what the provider kept of it and paid the shop, when it said. */
function Summary({ detail }: { detail: AdminOrderDetail }) {
  const { payment } = detail.order;
  if (!payment) {
    return <p className="text-sm text-ink-700">O cliente ainda não começou a pagar.</p>;
  }
  const paid = paidAttempt(detail.payments);
  return (
    <div>
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold text-ink-900">{payment.label}</span>
        <Badge variant={PAYMENT_BADGE_VARIANTS[payment.status]}>
          {PAYMENT_STATUS_LABELS[payment.status]}
        </Badge>
      </p>
      {paid && (paid.fee_cents !== null || paid.net_cents !== null) ? (
        <dl className="mt-2">
          <DetailRow label="Valor pago">{formatBRL(paid.amount_cents)}</DetailRow>
          {paid.fee_cents !== null ? (
            <DetailRow label="Tarifa">{formatBRL(paid.fee_cents)}</DetailRow>
          ) : null}
          {paid.net_cents !== null ? (
            <DetailRow label="Líquido">{formatBRL(paid.net_cents)}</DetailRow>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}

function Attempt({ payment }: { payment: AdminPayment }) {
  return (
    <li className="rounded-xl bg-cream-50 p-3 text-sm">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink-900">
          {payment.label} · {formatBRL(payment.amount_cents)}
        </span>
        <Badge variant={PAYMENT_BADGE_VARIANTS[payment.status]}>
          {PAYMENT_STATUS_LABELS[payment.status]}
        </Badge>
      </p>
      {payment.status_detail ? (
        <p className="mt-1 text-ink-800">
          {payment.status_message}{' '}
          <span className="font-mono text-xs break-all text-ink-700">
            ({payment.status_detail})
          </span>
        </p>
      ) : null}
      <p className="mt-1 break-all text-ink-700">
        {PROVIDER_LABELS[payment.provider]}
        {' · '}
        {payment.txid ? `txid ${payment.txid}` : `id ${payment.gateway_payment_id ?? '—'}`}
        {' · '}criado {formatDateTime(payment.created_at)}
      </p>
      {payment.events.length > 0 ? (
        <ol className="mt-2 space-y-0.5 text-ink-700">
          {payment.events.map((event, index) => (
            <li key={index}>
              {formatDateTime(event.created_at)}:{' '}
              {isPaymentStatus(event.to_status)
                ? PAYMENT_STATUS_LABELS[event.to_status]
                : event.to_status}{' '}
              ({paymentSourceLabel(event.source)})
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** The order's payment line with fee and net, then every attempt, newest first. */
export function OrderPayments({ detail }: { detail: AdminOrderDetail }) {
  return (
    <DetailBox title="Pagamento">
      <Summary detail={detail} />
      {detail.payments.length > 0 ? (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">
            Tentativas ({detail.payments.length})
          </h3>
          <ul className="space-y-3">
            {detail.payments.map((payment) => (
              <Attempt key={payment.id} payment={payment} />
            ))}
          </ul>
        </>
      ) : null}
    </DetailBox>
  );
}
