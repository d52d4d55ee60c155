import { Link, useSearchParams } from 'react-router';
import { CATEGORY_LABELS, CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import { CategoryBrowser } from '../../features/catalog/components/category-browser.tsx';
import { categoryListing, optionFilterListing } from '@lumina/shared/catalog/listing-params';
import { OPTION_FILTER_PARAM } from '@lumina/shared/catalog/option-filter';
import { cn } from '../../lib/cn.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

const chip =
  'inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium transition-colors';

/** /categorias?categoria=orelha (spec 000, Category page). */
export function Component() {
  const [params, setParams] = useSearchParams();
  // An unknown category lists everything rather than an empty page.
  const category = categoryListing(params);
  const optionFilters = optionFilterListing(params);
  // The ticked option values live in the address (?opcao=Diâmetro:8 mm), so a filtered list can
  // be shared and the server draws it; a new category starts without them (its links drop them).
  const setOptionFilters = (entries: string[]) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPTION_FILTER_PARAM);
        for (const entry of entries) next.append(OPTION_FILTER_PARAM, entry);
        return next;
      },
      { replace: true },
    );
  };
  const label = category ? CATEGORY_LABELS[category].toLowerCase() : '';
  const title = category ? `Piercing de ${label}` : 'Todas as categorias';

  usePageMeta({
    title,
    description: category
      ? `Joias para piercing de ${label}: filtre por subcategoria, faixa de preço, tamanho e medida.`
      : 'Todas as joias para piercing da loja: filtre por subcategoria, faixa de preço, tamanho e medida.',
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-serif text-3xl text-ink-900 sm:text-4xl">{title}</h1>
      <nav aria-label="Escolher categoria" className="-mx-4 mt-4 mb-6 overflow-x-auto px-4">
        <ul className="flex w-max gap-2">
          {[null, ...CATEGORY_SLUGS].map((slug) => {
            const current = slug === category;
            return (
              <li key={slug ?? 'todas'}>
                <Link
                  to={slug ? `/categorias?categoria=${slug}` : '/categorias'}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    chip,
                    current
                      ? 'border-ink-900 bg-ink-900 text-cream-50'
                      : 'border-ink-300 bg-white text-ink-800 hover:border-ink-900',
                  )}
                >
                  {slug ? CATEGORY_LABELS[slug] : 'Todas'}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <CategoryBrowser
        key={category ?? 'todas'}
        category={category}
        optionFilters={optionFilters}
        onOptionFiltersChange={setOptionFilters}
      />
    </div>
  );
}
