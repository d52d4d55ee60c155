import { ProductsPage } from '../../features/admin/components/products-page.tsx';

export function Component() {
  return <ProductsPage />;
}
