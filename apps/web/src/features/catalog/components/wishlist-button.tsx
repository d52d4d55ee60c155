import { cn } from '../../../lib/cn.ts';
import { openLoginDialog } from '../../../lib/ui-events.ts';
import { HeartIcon } from './heart-icon.tsx';

/**
 * The wishlist heart. Until accounts exist nobody is logged in, so it does what the spec says
 * for anonymous visitors: open the login dialog (spec 000, Product card).
 */
export function WishlistButton({
  productName,
  className,
}: {
  productName: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => openLoginDialog('wishlist')}
      aria-label={`Adicionar ${productName} à lista de desejos`}
      title="Adicionar à lista de desejos"
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink-900 shadow-sm ring-1 ring-ink-900/10',
        'transition-colors hover:text-sale focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600',
        className,
      )}
    >
      <HeartIcon className="size-5" />
    </button>
  );
}
