import {
  CONTRACT_SUMMARY_TEXTS,
  itemCountText,
  itemRow,
  summaryRows,
  unitCount,
} from '@lumina/shared/checkout/contract-summary';
import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import { sellerLines, shopName } from '@lumina/shared/settings/settings-rules';
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { paysPixPrice } from '@lumina/shared/payments/payment-methods';
import { Link } from 'react-router';
import { CouponField } from '../../../components/coupon-field.tsx';
import { itemsPricing } from '../../../lib/cart/cart-discounts.ts';
import type { CartLine, CartPricingView } from '../../../lib/cart/cart-types.ts';
import type { ShippingOption } from '../../../lib/cart/shipping-quote.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { summaryItems } from '../model/checkout-lines.ts';
import type { CheckoutPaymentMethod } from '../model/payment-choice.ts';
import { CheckoutBox } from './checkout-box.tsx';

const linkClass = 'font-medium text-ink-900 underline underline-offset-2 hover:text-gold-700';
const rowClass = 'flex justify-between gap-3';
const amountClass = 'text-right whitespace-nowrap tabular-nums text-ink-900';

export interface ContractSummaryProps {
  items: readonly CartLine[];
  /** The current quote; null until the delivery box has one. */
  shipping: ShippingOption | null;
  /** The chosen method: its name and its total (card and boleto at the list price). */
  paymentMethod?: CheckoutPaymentMethod;
  /**
   * The server's word on the cart's discounts: with it the summary has the coupon field and the
   * discount rows at the method's prices.
   */
  priced?: CartPricingView;
  /** The order exists: its coupon can no longer change. */
  locked?: boolean;
  className?: string;
}

/** Who sells, as the settings say it: only the parts the owner filled in. */
function SellerIdentity({ store }: { store: PublicStoreJson }) {
  const name = shopName(store);
  const lines = sellerLines(store);
  if (!name && lines.length === 0) return null;
  return (
    <div className="border-t border-cream-200 pt-3 text-xs leading-relaxed text-ink-700">
      <p className="text-sm text-ink-900">
        {CONTRACT_SUMMARY_TEXTS.seller}
        {name ? <strong className="font-semibold"> {name}</strong> : null}
      </p>
      {/* Each part goes to a next line whole: 'CNPJ 11.222.333/0001-81' is not split at its dash. */}
      {lines.map((line) => (
        <p key={line} className="wrap-anywhere">
          {line.split(' · ').map((part, index) => (
            <span key={part}>
              {index > 0 ? ' · ' : ''}
              <span className="inline-block">{part}</span>
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}

/**
 * The contract's summary right above 'Finalizar pedido' (Decreto 7.962/2013 art. 4): what is
 * bought, the freight and its delivery time, the chosen method and its totals, who sells and the right of
 * withdrawal. The order-received e-mail repeats the same rows.
 */
export function ContractSummary({
  items,
  shipping,
  paymentMethod = 'pix',
  priced,
  locked = false,
  className,
}: ContractSummaryProps) {
  const store = useStore();
  const lines = summaryItems(items);
  const pix = paysPixPrice(paymentMethod);
  const discounts = priced ? itemsPricing(priced, items, pix ? 'pix' : 'list').discounts : [];
  const listDiscounts = priced ? itemsPricing(priced, items, 'list').discounts : [];
  const rows = summaryRows({
    discounts,
    listDiscountCents: listDiscounts.reduce((sum, discount) => sum + discount.cents, 0),
    items: lines,
    shipping: shipping && {
      name: shipping.name,
      costCents: shipping.cost_cents,
      deliveryDays: shipping.delivery_days,
    },
    pixDiscount: (store?.pix_discount_percent ?? 0) > 0,
    method: paymentMethod,
  });
  return (
    <CheckoutBox id="checkout-resumo" title={CONTRACT_SUMMARY_TEXTS.title} className={className}>
      <div className="flex flex-col gap-3 text-sm">
        {priced ? <CouponField cart={priced} compact pixShown={pix} disabled={locked} /> : null}
        <div>
          <p className="font-medium text-ink-900">{itemCountText(unitCount(lines))}</p>
          <ul className="mt-1 flex flex-col gap-1 text-ink-700">
            {lines.map((line, index) => {
              const row = itemRow(line, paymentMethod);
              return (
                <li key={items[index]?.id ?? index} className={rowClass}>
                  <span className="min-w-0 wrap-anywhere">{row.label}</span>
                  <span className={amountClass}>{row.value}</span>
                </li>
              );
            })}
          </ul>
        </div>
        <dl className="flex flex-col gap-1 border-t border-cream-200 pt-3 text-ink-700">
          {rows.map((row) => (
            <div key={row.label} className={rowClass}>
              <dt>{row.label}</dt>
              <dd className={amountClass}>{row.value}</dd>
            </div>
          ))}
        </dl>
        {store ? <SellerIdentity store={store} /> : null}
        <p className="border-t border-cream-200 pt-3 text-xs leading-relaxed text-ink-700">
          {CONTRACT_SUMMARY_TEXTS.withdrawal}
          {store?.policies.returns ? (
            <>
              {' Veja a '}
              <Link
                to={POLICY_PAGES.returns.path}
                target="_blank"
                rel="noopener"
                className={linkClass}
              >
                {CONTRACT_SUMMARY_TEXTS.returnsPolicy}
                <span className="sr-only"> (abre em nova aba)</span>
              </Link>
              .
            </>
          ) : null}
        </p>
      </div>
    </CheckoutBox>
  );
}
