import { formatBRL } from '@lumina/shared/format/money';
import { shippingCostText } from '@lumina/shared/shipping/shipping-texts';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';

/** The order being paid: its lines and its total, beside the card form or the boleto. */
export function PaymentStepSummary({ order }: { order: OrderDetail }) {
  return (
    <section
      aria-labelledby="pagamento-resumo-titulo"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="pagamento-resumo-titulo" className="font-serif text-xl text-ink-900">
        Resumo do pedido
      </h2>
      <ul className="mt-3 flex flex-col gap-1 text-sm text-ink-700">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span className="min-w-0 wrap-anywhere">
              {item.quantity} × {item.product_name}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 flex flex-col gap-1 border-t border-cream-200 pt-3 text-sm text-ink-700">
        <div className="flex justify-between gap-3">
          <dt>Frete ({order.shipping_name})</dt>
          <dd className="tabular-nums">{shippingCostText(order.shipping_cost_cents)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-semibold text-ink-900">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatBRL(order.total_cents)}</dd>
        </div>
      </dl>
    </section>
  );
}
