import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** Two columns on phones (cards stay legible at 360 px), up to four on wide screens. */
export const productGridClasses = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4';

/**
 * For each grid item: the browser skips style, layout and paint of cards far from the viewport
 * (a full category is up to 100 cards of vector art), remembering each card's size once drawn.
 */
export const offscreenCard = '[content-visibility:auto] [contain-intrinsic-size:auto_26rem]';

export function ProductGrid({
  children,
  className,
  label,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <ul className={cn(productGridClasses, className)} aria-label={label}>
      {children}
    </ul>
  );
}
