import { Link } from 'react-router';
import { formatBRL } from '@lumina/shared/format/money';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useCart } from '../../../lib/cart/use-cart.ts';
import { useCartActions } from '../../../lib/cart/use-cart-actions.ts';
import { CartLineItem } from './cart-line-item.tsx';

interface CartDropdownProps {
  id: string;
  open: boolean;
  /** A link in the panel was followed: close it. */
  onNavigate: () => void;
}

/**
 * The header cart's panel on desktops (spec 000, Header): the lines with their quantity controls,
 * the total and the way to the cart page. Loaded on the first hover or open.
 */
export function CartDropdown({ id, open, onNavigate }: CartDropdownProps) {
  const { cart, loading } = useCart();
  const actions = useCartActions();

  return (
    <div
      id={id}
      role="region"
      aria-label="Resumo do carrinho"
      hidden={!open}
      className="absolute top-full right-0 z-40 w-96 max-w-[calc(100vw-2rem)] pt-2 max-lg:hidden"
    >
      <div className="overflow-hidden rounded-2xl border border-cream-300 bg-white shadow-xl">
        {cart.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 p-5 text-center">
            <p className="text-sm text-ink-700">
              {loading ? 'Carregando...' : 'Seu carrinho está vazio.'}
            </p>
            <Link to="/produtos" onClick={onNavigate} className={buttonClasses({ size: 'sm' })}>
              Ver produtos
            </Link>
          </div>
        ) : (
          <>
            <ul className="max-h-[min(24rem,60dvh)] divide-y divide-cream-200 overflow-y-auto px-4">
              {cart.items.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  compact
                  busy={actions.busy.has(line.id)}
                  onQuantity={(quantity) => void actions.setQuantity(line, quantity)}
                  onRemove={() => void actions.remove(line)}
                />
              ))}
            </ul>
            <div className="flex flex-col gap-3 border-t border-cream-200 p-4">
              <p className="flex justify-between text-sm">
                <span className="text-ink-700">Total</span>
                <span className="text-base font-bold text-ink-900 tabular-nums">
                  {formatBRL(cart.total_cents)}
                </span>
              </p>
              <Link
                to="/carrinho"
                onClick={onNavigate}
                className={buttonClasses({ className: 'w-full' })}
              >
                Ver carrinho
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
