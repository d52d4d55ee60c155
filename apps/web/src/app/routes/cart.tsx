import { CartPage } from '../../features/cart/components/cart-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShopName } from '../../lib/store-settings.ts';

// The header's cart panel and the layout's cart runtime are loaded from this module too, so the
// cart's code is one download whichever asks first (page, panel, or the first add to the cart).
export { CartDropdown } from '../../features/cart/components/cart-dropdown.tsx';
export { CartRuntime } from '../../features/cart/components/cart-runtime.tsx';

/** /carrinho */
export function Component() {
  const shop = useShopName();
  usePageMeta({
    title: 'Carrinho',
    description: `Seu carrinho de compras${shop ? ` na ${shop}` : ''}.`,
  });
  return <CartPage />;
}
