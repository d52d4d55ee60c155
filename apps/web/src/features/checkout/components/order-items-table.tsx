import { formatBRL } from '@lumina/shared/format/money';
import { shippingCostText } from '@lumina/shared/shipping/shipping-texts';
import { discountText, type ItemsPricing } from '../../../lib/cart/cart-discounts.ts';
import type { ShippingOption } from '../../../lib/cart/shipping-quote.ts';
import type { CheckoutLine } from '../model/checkout-lines.ts';
import { CheckoutBox } from './checkout-box.tsx';

export interface OrderItemsTableProps {
  lines: readonly CheckoutLine[];
  /** The current quote; null until the delivery box has one. */
  shipping: ShippingOption | null;
  /** The items' subtotal, discounts and total at the lines' prices, as the server priced them. */
  pricing: ItemsPricing;
  className?: string;
}

function shippingText(shipping: ShippingOption | null): string {
  if (!shipping) return 'A calcular';
  return shippingCostText(shipping.cost_cents);
}

/**
 * Products box (spec 001 §2): each line at the chosen method's price (PIX's by default), then
 * subtotal, the discounts, shipping and total.
 */
export function OrderItemsTable({ lines, shipping, pricing, className }: OrderItemsTableProps) {
  const subtotal = pricing.subtotalCents;
  const total = pricing.totalCents + (shipping?.cost_cents ?? 0);
  return (
    <CheckoutBox id="checkout-produtos" title="Produtos" className={className}>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-ink-600 uppercase">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Produto
            </th>
            <th scope="col" className="px-2 pb-2 text-center font-medium">
              Qtd.
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Preço
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200 border-y border-cream-200">
          {lines.map((line) => (
            <tr key={line.id}>
              <td className="py-3 align-top">
                <p className="font-medium wrap-anywhere text-ink-900">{line.name}</p>
                {line.category ? (
                  <p className="text-xs text-ink-600 capitalize">{line.category}</p>
                ) : null}
              </td>
              <td className="px-2 py-3 text-center align-top tabular-nums">{line.quantity}</td>
              <td className="py-3 text-right align-top whitespace-nowrap tabular-nums">
                <p className="font-semibold text-ink-900">{formatBRL(line.totalCents)}</p>
                <p className="text-xs text-ink-600">
                  {line.quantity} x {formatBRL(line.unitCents)}
                </p>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="tabular-nums">
          <tr>
            <th scope="row" colSpan={2} className="pt-3 text-left font-normal text-ink-700">
              Subtotal
            </th>
            <td className="pt-3 text-right whitespace-nowrap text-ink-900">
              {formatBRL(subtotal)}
            </td>
          </tr>
          {pricing.discounts.map((discount) => (
            <tr key={discount.label} className="text-success">
              <th scope="row" colSpan={2} className="pt-1 text-left font-normal">
                {discount.label}
              </th>
              <td className="pt-1 text-right whitespace-nowrap">{discountText(discount.cents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={2} className="pt-1 text-left font-normal text-ink-700">
              Frete{shipping ? ` (${shipping.name})` : ''}
            </th>
            <td className="pt-1 text-right whitespace-nowrap text-ink-900">
              {shippingText(shipping)}
            </td>
          </tr>
          <tr className="text-base">
            <th scope="row" colSpan={2} className="pt-3 text-left font-semibold text-ink-900">
              Total
            </th>
            <td className="pt-3 text-right text-lg font-bold whitespace-nowrap text-ink-900">
              {formatBRL(total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </CheckoutBox>
  );
}
