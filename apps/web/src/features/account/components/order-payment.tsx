import { formatDate } from '@lumina/shared/format/dates';
import { formatBRL } from '@lumina/shared/format/money';
import type { OrderPaymentJson } from '@lumina/shared/orders/order-schemas';
import { formatDigitableLine, refundMethodLabel } from '@lumina/shared/payments/payment-labels';
import { paymentStatusLabel } from '@lumina/shared/payments/payment-status';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';
import { CopyCode } from './copy-code.tsx';
import { refundLine } from './return-request-card.tsx';

/** Where the order stands with its payment, in a word or with the day it was paid. */
function statusLine(payment: OrderPaymentJson): string {
  if (payment.status === 'approved' && payment.paid_at) {
    return `Pago em ${formatDate(payment.paid_at)}`;
  }
  return paymentStatusLabel(payment.status);
}

/** An open boleto: its line to copy into the bank's app, the PDF and the day it falls due. */
function OpenBoleto({ boleto }: { boleto: NonNullable<OrderPaymentJson['boleto']> }) {
  return (
    <div className="mt-3 space-y-2 rounded-xl bg-cream-100 p-3 text-sm text-ink-800">
      {boleto.due_date ? (
        <p className="font-medium text-ink-900">Vence em {formatDate(boleto.due_date)}</p>
      ) : null}
      {boleto.digitable_line ? (
        <>
          <p>Linha digitável:</p>
          <p className="font-mono text-base break-words text-ink-900">
            {formatDigitableLine(boleto.digitable_line)}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <CopyCode
              code={boleto.digitable_line}
              label="Copiar linha digitável"
              done="Linha copiada!"
            />
          </div>
        </>
      ) : null}
      {boleto.pdf_url ? (
        <a
          href={boleto.pdf_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-block font-medium text-ink-900 underline"
        >
          Abrir o boleto (PDF)
        </a>
      ) : null}
      <p className="text-ink-700">
        O pedido é confirmado quando o banco avisa o pagamento, em até 3 dias úteis.
      </p>
    </div>
  );
}

/** How the order was paid (or is being paid) and the money given back, with where it went. */
export function OrderPayment({ order }: { order: OrderDetail }) {
  const { payment } = order;
  return (
    <div className="space-y-3 text-sm">
      {payment ? (
        <div>
          <p className="font-semibold text-ink-900">{payment.label}</p>
          <p className="text-ink-700">{statusLine(payment)}</p>
          {payment.boleto ? <OpenBoleto boleto={payment.boleto} /> : null}
        </div>
      ) : (
        <p className="text-ink-700">O pagamento ainda não foi iniciado.</p>
      )}
      {order.refunds.length > 0 ? (
        <div className="border-t border-ink-300/60 pt-3">
          <h3 className="font-semibold text-ink-900">Reembolsos</h3>
          <ul className="mt-1 space-y-1 text-ink-900">
            {order.refunds.map((refund) => (
              <li key={refund.id}>
                {refundLine(refund.amount, refund.created_at)}
                <span className="block text-ink-700">
                  {refundMethodLabel(refund.method, payment)}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 font-semibold text-ink-900">
            Total devolvido: {formatBRL(order.refunded_total_cents)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
