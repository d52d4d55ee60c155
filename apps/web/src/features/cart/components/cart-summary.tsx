import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatBRL } from '@lumina/shared/format/money';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import type { CartView } from '../../../lib/cart/cart-types.ts';
import { useShippingQuote } from '../../../lib/cart/shipping-quote.ts';
import { openLoginDialog } from '../../../lib/ui-events.ts';
import { ShippingCalculator } from './shipping-calculator.tsx';

/** Subtotal, shipping, Total = subtotal + shipping (spec 000, Cart page) and the way to checkout. */
export function CartSummary({ cart }: { cart: CartView }) {
  const { status } = useAuth();
  const quote = useShippingQuote();
  const { reset } = quote;
  const shipping = quote.isSuccess ? quote.data : null;
  const shippingCents = shipping?.cost_cents ?? 0;
  // PIX is how the store is paid: the order charges these prices (the server's, with the
  // store settings' PIX discount).
  const pixCents = cart.items.reduce(
    (sum, line) => sum + Math.round(line.pix_price * 100) * line.quantity,
    0,
  );

  // A quote is for the cart it was made for: a change of items or quantities asks again.
  useEffect(() => {
    reset();
  }, [reset, cart.total_cents, cart.total_items, status]);

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
          <dd className="font-semibold text-ink-900 tabular-nums">{formatBRL(cart.total_cents)}</dd>
        </div>
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
            {formatBRL(cart.total_cents + shippingCents)}
          </dd>
        </div>
        {pixCents < cart.total_cents ? (
          <div className="flex justify-between gap-2 text-success">
            <dt>No PIX</dt>
            <dd className="font-semibold tabular-nums">{formatBRL(pixCents + shippingCents)}</dd>
          </div>
        ) : null}
      </dl>
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
