import { shippingCostText } from '@lumina/shared/shipping/shipping-texts';
import type { ShippingOption } from '../lib/cart/shipping-quote.ts';

/** One quoted option (name, cost, delivery time), as the cart and the checkout show it. */
export function ShippingOptionText({ option }: { option: ShippingOption }) {
  return (
    <div className="rounded-xl bg-cream-100 p-3 text-sm">
      <p className="flex justify-between gap-2 font-semibold text-ink-900">
        <span>{option.name}</span>
        <span className="tabular-nums">{shippingCostText(option.cost_cents)}</span>
      </p>
      <p className="text-ink-700">{option.estimated_delivery}</p>
      {option.description ? <p className="text-xs text-ink-600">{option.description}</p> : null}
    </div>
  );
}
