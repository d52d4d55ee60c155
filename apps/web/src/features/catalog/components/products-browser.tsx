import { useId } from 'react';
import {
  CATEGORY_LABELS,
  CATEGORY_SLUGS,
  type CategorySlug,
} from '@lumina/shared/catalog/categories';
import type { ProductSort } from '@lumina/shared/catalog/product';
import { SKELETON_CARD_COUNT } from '@lumina/shared/constants/storefront-constants';
import { Button } from '../../../components/ui/button.tsx';
import { useAllProducts } from '../api/get-all-products.ts';
import { ProductCard } from './product-card.tsx';
import { ProductCardSkeleton } from './product-card-skeleton.tsx';
import { ProductGrid, offscreenCard } from './product-grid.tsx';

const SORT_LABELS: Record<ProductSort, string> = {
  name: 'Nome',
  price: 'Menor preço',
  newest: 'Mais recentes',
};

const select =
  'min-h-11 w-full rounded-full border border-ink-300 bg-white px-4 text-sm text-ink-900 sm:w-auto';

export interface ProductsBrowserProps {
  category: CategorySlug | null;
  search: string;
  sort: ProductSort;
  onCategoryChange: (category: CategorySlug | null) => void;
  onSortChange: (sort: ProductSort) => void;
}

/** The /produtos listing (spec 000, Products page); the route keeps the choices in the URL. */
export function ProductsBrowser({
  category,
  search,
  sort,
  onCategoryChange,
  onSortChange,
}: ProductsBrowserProps) {
  const categoryId = useId();
  const sortId = useId();
  const query = useAllProducts({ category, search, sort });
  const products = query.data?.products ?? [];

  return (
    <div>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="flex flex-col gap-1">
            <label htmlFor={categoryId} className="text-sm font-medium text-ink-700">
              Categoria
            </label>
            <select
              id={categoryId}
              className={select}
              value={category ?? ''}
              onChange={(event) => {
                const value = event.target.value as CategorySlug | '';
                onCategoryChange(value === '' ? null : value);
              }}
            >
              <option value="">Todas</option>
              {CATEGORY_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {CATEGORY_LABELS[slug]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={sortId} className="text-sm font-medium text-ink-700">
              Ordenar por
            </label>
            <select
              id={sortId}
              className={select}
              value={sort}
              onChange={(event) => onSortChange(event.target.value as ProductSort)}
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p role="status" className="min-h-5 text-sm text-ink-700">
          {query.isSuccess
            ? products.length === 1
              ? '1 produto'
              : `${products.length} produtos`
            : ''}
        </p>
      </div>

      {query.isPending ? (
        <ProductGrid label="Carregando produtos">
          {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ProductGrid>
      ) : query.isError ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-ink-900/10">
          <p className="text-ink-800">Erro ao carregar produtos</p>
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            Tentar novamente
          </Button>
        </div>
      ) : products.length === 0 ? (
        <div className="rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-ink-900/10">
          <p className="text-ink-800">Nenhum produto encontrado</p>
        </div>
      ) : (
        <ProductGrid label="Produtos">
          {products.map((product, index) => (
            <li key={product.id} className={offscreenCard}>
              <ProductCard
                product={product}
                headingLevel={2}
                eagerImage={index === 0 ? 'first' : index < 4}
              />
            </li>
          ))}
        </ProductGrid>
      )}
    </div>
  );
}
