import { useId, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CategorySlug } from '@lumina/shared/catalog/categories';
import { PRICE_RANGES } from '@lumina/shared/constants/price-ranges';
import {
  CATEGORY_CARD_STAGGER_S,
  CATEGORY_SPINNER_EXTRA_MS,
} from '@lumina/shared/constants/storefront-constants';
import { formatProductCount } from '@lumina/shared/format/product-count';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { allProductsQueryOptions } from '../api/get-all-products.ts';
import { useSubcategories } from '../api/get-subcategories.ts';
import {
  distinctOptions,
  filterProducts,
  sortProducts,
  type CategorySort,
} from '../utils/filter-products.ts';
import {
  CategoryFilterPanel,
  EMPTY_SELECTION,
  hasSelection,
  type FilterSelection,
} from './category-filter-panel.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductGrid, offscreenCard } from './product-grid.tsx';
import { useSettledAfter } from './use-settled-after.ts';
import './card-entry.css';

const SORT_LABELS: Record<CategorySort, string> = {
  name: 'Nome A-Z',
  'price-asc': 'Menor preço',
  'price-desc': 'Maior preço',
};

interface CategoryBrowserProps {
  /** null lists every category. Mount with `key={category}` so a new category starts clean. */
  category: CategorySlug | null;
  /** Spec 000: the spinner stays 800 ms after the products arrive. */
  extraSpinnerMs?: number;
  /**
   * The ticked option values (`Nome:valor`), which the API filters on; the route keeps them in
   * the address. The other filters run in the browser over the loaded products.
   */
  optionFilters?: string[];
  onOptionFiltersChange?: (entries: string[]) => void;
}

const NO_OPTION_FILTERS: string[] = [];

/** The category page's body: filter panel, counter, sort and the filtered cards. */
export function CategoryBrowser({
  category,
  extraSpinnerMs = CATEGORY_SPINNER_EXTRA_MS,
  optionFilters = NO_OPTION_FILTERS,
  onOptionFiltersChange,
}: CategoryBrowserProps) {
  const panelId = useId();
  const sortId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const [selection, setSelection] = useState<FilterSelection>(EMPTY_SELECTION);
  const [sort, setSort] = useState<CategorySort>('name');

  // The whole category (100 per request, up to 999): filters and sorting then run in the browser.
  // A change of the option filter keeps the current cards until the new list comes, so ticking a
  // box does not bring the spinner back.
  const productsQuery = useQuery({
    ...allProductsQueryOptions({ category, opcao: optionFilters }),
    placeholderData: keepPreviousData,
  });
  const subcategoriesQuery = useSubcategories(category);
  const settled = useSettledAfter(productsQuery.isSuccess, extraSpinnerMs, category ?? '');

  const products = useMemo(() => productsQuery.data?.products ?? [], [productsQuery.data]);
  const subcategories = useMemo(() => {
    if (subcategoriesQuery.data) {
      return subcategoriesQuery.data.subcategories.map((sub) => ({
        name: sub.name,
        count: sub.product_count,
      }));
    }
    // Across all categories there is no endpoint to ask, so the loaded products tell.
    if (category !== null) return [];
    const names = new Set(products.flatMap((p) => (p.subcategory ? [p.subcategory] : [])));
    return [...names].sort((a, b) => a.localeCompare(b, 'pt-BR')).map((name) => ({ name }));
  }, [subcategoriesQuery.data, category, products]);
  const optionFacets = productsQuery.data?.option_facets;
  // Sizes and measures derive from the options: with the option facets shown they would repeat
  // the same values, so their chips stay for answers without facets only.
  const hasFacets = (optionFacets?.length ?? 0) > 0 || optionFilters.length > 0;
  const sizes = useMemo(
    () => (hasFacets ? [] : distinctOptions(products, 'sizes')),
    [products, hasFacets],
  );
  const measures = useMemo(
    () => (hasFacets ? [] : distinctOptions(products, 'measures')),
    [products, hasFacets],
  );

  const visible = useMemo(() => {
    const filtered = filterProducts(products, {
      category,
      subcategories: selection.subcategories,
      priceRanges: PRICE_RANGES.filter((range) => selection.priceRangeIds.includes(range.id)),
      sizes: selection.sizes,
      measures: selection.measures,
    });
    return sortProducts(filtered, sort);
  }, [products, category, selection, sort]);

  const activeFilterCount =
    selection.subcategories.length +
    selection.priceRangeIds.length +
    selection.sizes.length +
    selection.measures.length +
    optionFilters.length;
  const clearAll = () => {
    setSelection(EMPTY_SELECTION);
    setSort('name');
    if (optionFilters.length > 0) onOptionFiltersChange?.([]);
  };

  const failed = productsQuery.isError && !productsQuery.isFetching;

  return (
    <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      <div className="mb-4 lg:sticky lg:top-4 lg:mb-0">
        <Button
          variant="outline"
          className="w-full lg:hidden"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {panelOpen ? 'Ocultar filtros' : 'Mostrar filtros'}
          {activeFilterCount > 0 ? ` (${activeFilterCount})` : ''}
        </Button>
        <CategoryFilterPanel
          id={panelId}
          className={panelOpen ? 'mt-3 lg:mt-0' : 'hidden lg:block'}
          subcategories={subcategories}
          sizes={sizes}
          measures={measures}
          selection={selection}
          onChange={setSelection}
          onClear={clearAll}
          optionFacets={optionFacets}
          optionFilters={optionFilters}
          onOptionFiltersChange={onOptionFiltersChange}
        />
      </div>

      <div>
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="min-h-5 text-sm font-medium text-ink-700">
            {settled ? formatProductCount(visible.length) : ''}
          </p>
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm text-ink-700">
              Ordenar por
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => setSort(event.target.value as CategorySort)}
              className="min-h-10 rounded-full border border-ink-300 bg-white px-3 text-sm text-ink-900"
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>

        {failed ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-ink-900/10">
            <p className="text-ink-800">Erro ao carregar produtos. Tente novamente.</p>
            <Button onClick={() => void productsQuery.refetch()}>Tentar Novamente</Button>
          </div>
        ) : !settled ? (
          // Tall enough that the footer stays below the fold: the cards replacing it move nothing.
          <div className="flex min-h-[70vh] flex-col items-center gap-3 py-16">
            <Spinner size="lg" label="Carregando produtos..." />
            <p aria-hidden="true" className="text-sm text-ink-700">
              Carregando produtos...
            </p>
          </div>
        ) : visible.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-ink-900/10">
            <p className="text-ink-800">Nenhum produto encontrado com os filtros selecionados.</p>
            {hasSelection(selection) || optionFilters.length > 0 ? (
              <Button variant="outline" onClick={clearAll}>
                Limpar filtros
              </Button>
            ) : null}
          </div>
        ) : (
          <ProductGrid label="Produtos">
            {visible.map((product, index) => (
              <li
                key={product.id}
                className={cn('catalog-card-enter', offscreenCard)}
                style={{ animationDelay: `${(index * CATEGORY_CARD_STAGGER_S).toFixed(1)}s` }}
              >
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
    </div>
  );
}
