import { cardImageUrl } from '@lumina/shared/catalog/product-images';
import { Link } from 'react-router';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { instalmentsText } from '@lumina/shared/payments/card-instalments';
import { formatBRL } from '@lumina/shared/format/money';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { cardPrices } from '../utils/display-price.ts';
import { percentPromotion, promotionPercentText } from '../utils/promotion-price.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { parseProductName } from '@lumina/shared/catalog/product-name';
import { specsBesideOptions } from '@lumina/shared/catalog/option-names';
import { AddToCartButton, availabilityOf } from './add-to-cart-button.tsx';
import { WishlistButton } from './wishlist-button.tsx';

export interface ProductCardProps {
  product: ProductDto;
  /** The card title's heading level, so every page keeps a gap-free heading outline. */
  headingLevel?: 2 | 3;
  /**
   * Images above the fold load eagerly; the rest wait until they are near the viewport. 'first':
   * the list's first picture, its largest paint on a phone, is also fetched before the others.
   */
  eagerImage?: boolean | 'first';
  /** 'details' swaps the cart button for a 'Ver mais' link (home carousel). */
  action?: 'cart' | 'details';
  className?: string;
}

/** One product in a grid or carousel (spec 000, Product card). */
export function ProductCard({
  product,
  headingLevel = 3,
  eagerImage = false,
  action = 'cart',
  className,
}: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  const href = `/produto/${product.id}`;
  const parsed = parseProductName(product.name);
  const { title } = parsed;
  // Sizes the options sell are chosen on the page: the name's one size would mislead here.
  const specs = specsBesideOptions(parsed.specs, product.options);
  const prices = cardPrices(product);
  // The cart takes it off (its page says the conditions): the card only announces it.
  const promotion = percentPromotion(product.promotion);
  const store = useStore();
  const instalments = store ? instalmentsText(product.price_cents, store) : null;
  const availability = availabilityOf(product);
  // A product with options is added from its page; a sold-out one keeps its 'Esgotado'.
  const chooseOnPage = product.options.length > 0 && availability === 'available';
  // An uploaded photo has a card-sized copy (480 px): a phone loads that, not the page size.
  const image = product.images[0] ? cardImageUrl(product.images[0]) : undefined;

  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-ink-900/10 transition-shadow hover:shadow-lg',
        className,
      )}
    >
      <div className="relative aspect-square bg-cream-100">
        {/* The title link below is the card's one tab stop; the picture repeats it for pointers. */}
        <Link to={href} tabIndex={-1} className="block size-full">
          {image ? (
            <img
              src={image}
              alt={product.name}
              width={480}
              height={480}
              loading={eagerImage ? 'eager' : 'lazy'}
              fetchPriority={eagerImage === 'first' ? 'high' : undefined}
              decoding={eagerImage === 'first' ? 'sync' : 'async'}
              className={cn(
                'size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none',
                availability !== 'available' && 'opacity-60 grayscale',
              )}
            />
          ) : (
            <span className="flex size-full items-center justify-center text-sm text-ink-600">
              Sem imagem
            </span>
          )}
        </Link>
        <div className="pointer-events-none absolute top-2 left-2 flex flex-col items-start gap-1">
          {prices.discountPercent > 0 ? (
            <Badge variant="sale">SALE {prices.discountPercent}%</Badge>
          ) : null}
          {promotion ? (
            <Badge variant="success" className="max-w-40 normal-case">
              <span className="min-w-0 truncate">
                -{promotionPercentText(promotion.percent)} {promotion.name}
              </span>
            </Badge>
          ) : null}
          {product.display_status === 'featured' ? <Badge variant="gold">Destaque</Badge> : null}
        </div>
        {availability === 'sold-out' ? (
          <p className="pointer-events-none absolute inset-x-0 bottom-0 bg-ink-900/80 py-1 text-center text-xs font-bold tracking-wide text-cream-50 uppercase">
            Esgotado
          </p>
        ) : null}
        <WishlistButton product={product} productName={title} className="absolute top-2 right-2" />
      </div>

      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <Heading className="text-sm leading-snug font-medium text-ink-900 sm:text-base">
          <Link
            to={href}
            className="line-clamp-2 rounded-sm hover:text-gold-700 focus-visible:outline-offset-4"
          >
            {title}
          </Link>
        </Heading>
        {specs.length > 0 ? (
          <p className="line-clamp-1 text-xs text-ink-600">
            {specs.map((spec) => spec.value).join(' · ')}
          </p>
        ) : null}

        <div className="mt-auto flex flex-col gap-0.5 pt-1">
          {prices.originalCents !== null ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-600">
              <span>
                <span className="sr-only">De </span>
                <s>{formatBRL(prices.originalCents)}</s>
              </span>
              {prices.discountPercent > 0 ? (
                <Badge variant="ink">{prices.discountPercent}% OFF!</Badge>
              ) : null}
            </p>
          ) : null}
          <p className="flex flex-wrap items-baseline gap-x-1.5">
            {prices.originalCents !== null ? <span className="sr-only">por </span> : null}
            {prices.fromPrice ? <span className="text-xs text-ink-600">a partir de </span> : null}
            <span className="text-lg font-bold text-ink-900 tabular-nums sm:text-xl">
              {formatBRL(prices.mainCents)}
            </span>
            {prices.isPixPrice ? (
              <span className="text-xs font-medium text-success">no PIX</span>
            ) : null}
          </p>
          {instalments ? <p className="text-xs text-ink-600">{instalments}</p> : null}
        </div>

        {action === 'details' ? (
          <Link
            to={href}
            aria-label={`Ver mais: ${title}`}
            className={buttonClasses({ size: 'sm', className: 'mt-2 w-full' })}
          >
            Ver mais
          </Link>
        ) : chooseOnPage ? (
          // Which diameter or colour is a choice the product page makes, with each one's stock.
          <Link
            to={href}
            aria-label={`Escolher opções: ${title}`}
            className={buttonClasses({ size: 'sm', className: 'mt-2 w-full' })}
          >
            Escolher opções
          </Link>
        ) : (
          <AddToCartButton product={product} size="sm" className="mt-2 w-full" compact />
        )}
      </div>
    </article>
  );
}
