import type { PaymentResponse } from '../../../lib/payment/payment-api.ts';
import { formatReais } from '../format-reais.ts';
import { shippingCostText } from '@lumina/shared/shipping/shipping-texts';

/**
 * Items and amounts of the order being paid. The items are listed at their unit price: the
 * discount line (automatic promotions and the coupon) makes subtotal, freight and total add up.
 */
export function PixOrderSummary({ payment }: { payment: PaymentResponse }) {
  const { order_summary: summary, pricing } = payment;
  const discount = pricing.discount ?? 0;
  return (
    <section
      aria-labelledby="pix-resumo-titulo"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="pix-resumo-titulo" className="font-serif text-xl text-ink-900">
        Resumo do pedido
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        Pedido {summary.order_number} ·{' '}
        {summary.items_count === 1 ? '1 item' : `${summary.items_count} itens`}
      </p>
      <ul className="mt-4 divide-y divide-ink-300/50">
        {summary.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-3 py-2 text-sm">
            <span className="text-ink-900">
              {item.name || item.product_name}{' '}
              <span className="text-ink-700">x {item.quantity}</span>
            </span>
            <span className="shrink-0 text-ink-900">{formatReais(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-ink-300 pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-ink-700">Subtotal</dt>
          <dd>{formatReais(pricing.subtotal)}</dd>
        </div>
        {discount > 0 ? (
          <div className="flex justify-between text-success">
            <dt>Descontos</dt>
            <dd>−{formatReais(discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt className="text-ink-700">Frete</dt>
          <dd>{shippingCostText(Math.round(pricing.shipping_cost * 100))}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold text-ink-900">
          <dt>Total</dt>
          <dd>{formatReais(payment.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}
