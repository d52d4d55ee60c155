import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CART_DROPDOWN_CLOSE_DELAY_MS } from '@lumina/shared/constants/storefront-constants';
import { BagIcon, ChevronDownIcon } from '../../components/icons.tsx';
import { useCartCount } from '../../lib/cart/cart-events.ts';
import { useCloseOnNavigation } from './use-close-on-navigation.ts';

// The panel's code loads on the first hover or open: the home page carries only the badge.
const CartDropdown = lazy(() =>
  import('../routes/cart.tsx').then((module) => ({
    default: module.CartDropdown,
  })),
);

/**
 * The header's cart (spec 000, Header): the icon with the item count links to /carrinho; on
 * desktops hovering it (or pressing the arrow beside it) shows a panel with the lines, which
 * closes 300 ms after the pointer leaves, on Escape or when the focus moves away.
 */
export function HeaderCart({ className }: { className: string }) {
  const count = useCartCount();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => setOpen(false), []);
  useCloseOnNavigation(close);
  useEffect(() => () => clearTimeout(timer.current), []);

  function show() {
    clearTimeout(timer.current);
    setOpen(true);
    setUsed(true);
  }

  return (
    <div
      className="relative flex items-center"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') show();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse')
          timer.current = setTimeout(close, CART_DROPDOWN_CLOSE_DELAY_MS);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        close();
        toggle.current?.focus();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <Link to="/carrinho" className={className}>
        <BagIcon className="size-6" />
        <span className="sr-only">
          Carrinho, {count} {count === 1 ? 'item' : 'itens'}
        </span>
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-[0.6875rem] leading-5 font-bold text-ink-950"
        >
          {count > 99 ? '99+' : count}
        </span>
      </Link>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={used ? panelId : undefined}
        aria-label="Resumo do carrinho"
        onClick={() => (open ? close() : show())}
        className="hidden min-h-11 items-center rounded-full px-1 text-ink-900 hover:bg-cream-200 lg:inline-flex"
      >
        <ChevronDownIcon className="size-4" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CartDropdown id={panelId} open={open} onNavigate={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
