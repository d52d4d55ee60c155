import { cn } from '../../lib/cn.ts';

/** A pulsing placeholder block; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-cream-200 motion-reduce:animate-none', className)}
    />
  );
}
