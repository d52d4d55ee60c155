import { CartPage } from '../../features/cart/components/cart-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

// The header's cart panel and the layout's cart runtime are loaded from this module too, so the
// cart's code is one download whichever asks first; separate chunks sharing the cart's modules
// also made the bundler split the query library out of the entry chunk (+0.7 KiB on the home page).
export { CartDropdown } from '../../features/cart/components/cart-dropdown.tsx';
export { CartRuntime } from '../../features/cart/components/cart-runtime.tsx';

/** /carrinho */
export function Component() {
  usePageMeta({
    title: 'Carrinho',
    description: 'Seu carrinho de compras na Lumina Piercings.',
  });
  return <CartPage />;
}
