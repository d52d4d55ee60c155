import { CHECKOUT_TEXTS } from '@lumina/shared/checkout/checkout-messages';
import { Link } from 'react-router';
import { BagIcon } from '../../../components/icons.tsx';
import { PageNotice } from '../../../components/page-notice.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCart } from '../../../lib/cart/use-cart.ts';
import { useCheckoutSubmit } from '../model/use-checkout-submit.ts';
import { CheckoutForm } from './checkout-form.tsx';

/** /checkout (spec 001 §2): the logged-in user's server cart turned into an order and a PIX. */
export function CheckoutPage() {
  const { cart, loading } = useCart();
  const flow = useCheckoutSubmit();
  // After the order is made the server's cart is empty; the page keeps showing what was ordered.
  const items = flow.placed?.items ?? cart.items;
  const priced = flow.placed?.priced ?? cart;

  if (loading) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner size="lg" label="Carregando carrinho..." />
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <PageNotice
        title={CHECKOUT_TEXTS.emptyCart}
        icon={<BagIcon className="size-8" />}
        actions={
          <Link to="/produtos" className={buttonClasses({ size: 'lg' })}>
            Ver produtos
          </Link>
        }
      />
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-serif text-3xl text-ink-900 sm:text-4xl">Finalizar compra</h1>
      <CheckoutForm items={items} priced={priced} flow={flow} />
    </div>
  );
}
