import type { ProductDto } from '@lumina/shared/catalog/product';
import { cn } from '../../../lib/cn.ts';
import { useWishlistHeart } from '../../../lib/wishlist/use-wishlist.ts';
import { HeartIcon } from './heart-icon.tsx';

/**
 * The wishlist heart of cards and of the product page: pressed when the product is on the
 * list. A visitor's click opens the login modal and keeps the product for after the login
 * (see useWishlistHeart); a signed-in user's click adds or removes it.
 */
export function WishlistButton({
  product,
  productName,
  className,
}: {
  product: ProductDto;
  productName: string;
  className?: string;
}) {
  const { pressed, toggle } = useWishlistHeart(product);
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={pressed}
      aria-label={`Salvar ${productName} na lista de desejos`}
      className={cn(
        'group inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink-900 shadow-sm ring-1 ring-ink-900/10',
        'transition-colors hover:text-sale focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600 aria-pressed:text-sale',
        className,
      )}
    >
      {/* The CSS fill wins over the icon's fill="none" attribute. */}
      <HeartIcon className="size-5 group-aria-pressed:fill-current" />
    </button>
  );
}
