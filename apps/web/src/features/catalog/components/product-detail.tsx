import { Link } from 'react-router';
import { CATEGORY_LABELS } from '@lumina/shared/catalog/categories';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { Badge } from '../../../components/ui/badge.tsx';
import { cardPrices } from '../utils/display-price.ts';
import { parseProductName } from '@lumina/shared/catalog/product-name';
import { specsBesideOptions } from '@lumina/shared/catalog/option-names';
import { ProductGallery } from './product-gallery.tsx';
import { ProductPurchase } from './product-purchase.tsx';
import { ProductRatingSummary, ProductReviews } from './product-reviews.tsx';
import { useVariantChoice } from './use-variant-choice.ts';
import { WishlistButton } from './wishlist-button.tsx';

/** The product page's content once the product is loaded (spec 000, Product detail). */
export function ProductDetail({ product }: { product: ProductDto }) {
  const parsed = parseProductName(product.name);
  const { title } = parsed;
  // The name's size beside a Diâmetro option would contradict the variant chosen below it.
  const specs = specsBesideOptions(parsed.specs, product.options);
  const choice = useVariantChoice(product);
  // Price badge, code and pictures follow the chosen variant.
  const { view } = choice;
  // The chosen variant's own prices, not the cheapest of all (what a card shows).
  const { discountPercent } = cardPrices({
    price_cents: view.price_cents,
    pix_price_cents: view.pix_price_cents,
  });
  const categoryLabel = CATEGORY_LABELS[product.category];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <nav aria-label="Trilha de navegação" className="mb-6 text-sm text-ink-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-ink-900 hover:underline">
              Início
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link
              to={`/categorias?categoria=${product.category}`}
              className="hover:text-ink-900 hover:underline"
            >
              {categoryLabel}
            </Link>
          </li>
          {product.subcategory ? (
            <>
              <li aria-hidden="true">/</li>
              <li>{product.subcategory}</li>
            </>
          ) : null}
        </ol>
      </nav>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-12">
        {/* A new variant's picture opens the gallery at its first image. */}
        <ProductGallery key={view.images[0] ?? ''} images={view.images} name={product.name} />

        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap gap-1.5">
                {product.display_status === 'featured' ? <Badge>Destaque</Badge> : null}
                {discountPercent > 0 ? <Badge variant="sale">SALE {discountPercent}%</Badge> : null}
                {!product.active ? <Badge variant="muted">Indisponível</Badge> : null}
              </div>
              <h1 className="font-serif text-3xl leading-tight text-ink-900 sm:text-4xl">
                {title}
              </h1>
              <ProductRatingSummary productId={product.id} />
              <p className="text-xs text-ink-600">Código: {view.sku}</p>
            </div>
            <WishlistButton product={product} productName={title} className="mt-1 shrink-0" />
          </div>

          {specs.length > 0 ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl bg-cream-100 p-4 text-sm">
              {specs.map((spec) => (
                <div key={`${spec.label}-${spec.value}`} className="contents">
                  <dt className="font-medium text-ink-700">{spec.label}</dt>
                  <dd className="text-ink-900">{spec.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}

          {!product.active ? (
            <div className="rounded-2xl bg-cream-200 p-4 text-sm text-ink-800">
              <p>
                Este produto está indisponível no momento. Fale com a gente pelo WhatsApp para saber
                quando ele volta.
              </p>
              {/* Someone who followed an old link (search, a share) finds the pieces sold now. */}
              <Link
                to={`/categorias?categoria=${product.category}`}
                className="mt-2 inline-block font-medium text-gold-700 underline underline-offset-2 hover:text-ink-900"
              >
                Ver outras peças para {categoryLabel.toLowerCase()}
              </Link>
            </div>
          ) : null}

          <ProductPurchase product={product} choice={choice} />
        </div>
      </div>

      <section aria-labelledby="descricao" className="mt-12 max-w-3xl">
        <h2 id="descricao" className="font-serif text-2xl text-ink-900">
          Descrição
        </h2>
        <div
          className="mt-4 space-y-3 leading-relaxed text-ink-800 [&_a]:text-gold-700 [&_a]:underline [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:font-semibold [&_ul]:list-disc"
          // Sanitised by the server with an allow-list when the product is written (DESIGN.md).
          dangerouslySetInnerHTML={{ __html: product.description }}
        />
        {product.complementary_description ? (
          <div className="mt-8">
            <h3 className="text-lg font-semibold text-ink-900">Informações complementares</h3>
            <p className="mt-2 leading-relaxed whitespace-pre-line text-ink-800">
              {product.complementary_description}
            </p>
          </div>
        ) : null}
      </section>

      <ProductReviews productId={product.id} />
    </div>
  );
}
