import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatBRL } from '@lumina/shared/format/money';
import { CouponField } from '../../../components/coupon-field.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { discountText, itemsPricing } from '../../../lib/cart/cart-discounts.ts';
import type { CartView } from '../../../lib/cart/cart-types.ts';
import { useShippingQuote } from '../../../lib/cart/shipping-quote.ts';
import { openLoginDialog } from '../../../lib/ui-events.ts';
import { ShippingCalculator } from './shipping-calculator.tsx';

/**
 * Subtotal, discounts, shipping, Total = subtotal - discounts + shipping (spec 000, Cart page),
 * the coupon and the way to checkout. The totals are the server's (its pricing, promotions and
 * coupon included) for a card and for PIX.
 */
export function CartSummary({ cart }: { cart: CartView }) {
  const { status } = useAuth();
  const quote = useShippingQuote();
  const { reset } = quote;
  const shipping = quote.isSuccess ? quote.data : null;
  const shippingCents = shipping?.cost_cents ?? 0;
  // A card or a boleto pays the list prices; PIX its own (the store settings' PIX discount).
  const list = itemsPricing(cart, cart.items, 'list');
  const pix = itemsPricing(cart, cart.items, 'pix');
  const couponCode = cart.coupon?.code ?? null;

  // A quote is for the cart it was made for: a change of items, quantities or coupon (free
  // shipping) asks again.
  useEffect(() => {
    reset();
  }, [reset, cart.total_cents, cart.total_items, couponCode, status]);

  return (
    <aside
      aria-labelledby="resumo-do-pedido"
      className="flex flex-col gap-5 rounded-2xl bg-white p-5 ring-1 ring-ink-900/10 sm:p-6"
    >
      <h2 id="resumo-do-pedido" className="font-serif text-2xl text-ink-900">
        Resumo
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-ink-700">
            Subtotal ({cart.total_items} {cart.total_items === 1 ? 'item' : 'itens'})
          </dt>
          <dd className="font-semibold text-ink-900 tabular-nums">
            {formatBRL(list.subtotalCents)}
          </dd>
        </div>
        {list.discounts.map((discount) => (
          <div key={discount.label} className="flex justify-between gap-2 text-success">
            <dt>{discount.label}</dt>
            <dd className="font-semibold tabular-nums">{discountText(discount.cents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-2">
          <dt className="text-ink-700">Frete{shipping ? ` (${shipping.name})` : ''}</dt>
          <dd className="text-ink-900 tabular-nums">
            {shipping
              ? shipping.cost_cents === 0
                ? 'Grátis'
                : formatBRL(shipping.cost_cents)
              : 'A calcular'}
          </dd>
        </div>
        <div className="mt-2 flex justify-between gap-2 border-t border-cream-200 pt-3 text-base">
          <dt className="font-semibold text-ink-900">Total</dt>
          <dd className="text-xl font-bold text-ink-900 tabular-nums">
            {formatBRL(list.totalCents + shippingCents)}
          </dd>
        </div>
        {pix.totalCents < list.totalCents
          ? // The discounts above are on the list prices; by PIX they are on the PIX prices.
            pix.discounts.map((discount) => (
              <div
                key={`pix-${discount.label}`}
                className="flex justify-between gap-2 text-xs text-ink-700"
              >
                <dt>{discount.label} no PIX</dt>
                <dd className="tabular-nums">{discountText(discount.cents)}</dd>
              </div>
            ))
          : null}
        {pix.totalCents < list.totalCents ? (
          <div className="flex justify-between gap-2 text-success">
            <dt>No PIX</dt>
            <dd className="font-semibold tabular-nums">
              {formatBRL(pix.totalCents + shippingCents)}
            </dd>
          </div>
        ) : null}
      </dl>
      <CouponField cart={cart} />
      <ShippingCalculator quote={quote} />
      {status === 'authenticated' ? (
        <Link to="/checkout" className={buttonClasses({ size: 'lg' })}>
          Finalizar compra
        </Link>
      ) : (
        <Button size="lg" onClick={() => openLoginDialog('cart')}>
          Finalizar compra
        </Button>
      )}
      <Link
        to="/produtos"
        className="text-center text-sm font-medium text-gold-700 underline underline-offset-2 hover:text-ink-900"
      >
        Continuar comprando
      </Link>
    </aside>
  );
}
