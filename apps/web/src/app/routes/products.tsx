import { Link, useSearchParams } from 'react-router';
import { CATEGORY_LABELS } from '@lumina/shared/catalog/categories';
import { ProductsBrowser } from '../../features/catalog/components/products-browser.tsx';
import { productsListing } from '@lumina/shared/catalog/listing-params';
import { pixDiscountText } from '@lumina/shared/storefront/money-texts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useStore } from '../../lib/store-settings.ts';

/** /produtos?search=...&categoria=...&ordem=... : the choices live in the URL, so they can be shared. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const { search, category, sort } = productsListing(params);
  const store = useStore();
  const pix = store ? pixDiscountText(store) : null;

  const title = search
    ? `Resultados para “${search}”`
    : category
      ? `Produtos: ${CATEGORY_LABELS[category]}`
      : 'Produtos';
  usePageMeta({
    title: search ? `Busca: ${search}` : title,
    description: `Joias para piercing em aço cirúrgico, titânio e ouro: argolas, labrets, barbells e septos${pix ? ` com ${pix}` : ''}.`,
  });

  const update = (key: string, value: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-serif text-3xl break-words text-ink-900 sm:text-4xl">{title}</h1>
      {search ? (
        <p className="mt-2 text-sm text-ink-700">
          Você buscou por <strong className="font-semibold text-ink-900">{search}</strong>.{' '}
          <Link
            to={category ? `/produtos?categoria=${category}` : '/produtos'}
            className="font-medium text-gold-700 underline underline-offset-2 hover:text-ink-900"
          >
            Limpar busca
          </Link>
        </p>
      ) : null}
      <div className="mt-6">
        <ProductsBrowser
          category={category}
          search={search}
          sort={sort}
          onCategoryChange={(next) => update('categoria', next)}
          onSortChange={(next) => update('ordem', next === 'name' ? null : next)}
        />
      </div>
    </div>
  );
}
