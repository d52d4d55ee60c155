import { Link } from 'react-router';
import { BagIcon } from '../../../components/icons.tsx';
import { PageNotice } from '../../../components/page-notice.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { pixDiscountText } from '@lumina/shared/storefront/money-texts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCart } from '../../../lib/cart/use-cart.ts';
import { useCartActions } from '../../../lib/cart/use-cart-actions.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { CartLineItem } from './cart-line-item.tsx';
import { CartSummary } from './cart-summary.tsx';

/** /carrinho (spec 000, Cart page): the lines with their quantities, the summary and shipping. */
export function CartPage() {
  const { cart, loading } = useCart();
  const actions = useCartActions();
  const store = useStore();
  // The discount only when the settings give one (and have arrived).
  const pix = store ? pixDiscountText(store) : null;

  if (loading) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner size="lg" label="Carregando carrinho..." />
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <PageNotice
        title="Seu carrinho está vazio"
        icon={<BagIcon className="size-8" />}
        actions={
          <Link to="/produtos" className={buttonClasses({ size: 'lg' })}>
            Ver produtos
          </Link>
        }
      >
        <p>
          Escolha suas joias e elas aparecem aqui, prontas para o pedido
          {pix ? ` com ${pix}` : ''}.
        </p>
      </PageNotice>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-serif text-3xl text-ink-900 sm:text-4xl">Carrinho</h1>
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
        <section aria-label="Itens do carrinho">
          <ul className="divide-y divide-cream-200 border-y border-cream-200">
            {cart.items.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                busy={actions.busy.has(line.id)}
                onQuantity={(quantity) => void actions.setQuantity(line, quantity)}
                onRemove={() => void actions.remove(line)}
              />
            ))}
          </ul>
        </section>
        <CartSummary cart={cart} />
      </div>
    </div>
  );
}
