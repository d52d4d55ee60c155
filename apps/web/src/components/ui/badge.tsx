import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeVariant = 'gold' | 'ink' | 'sale' | 'success' | 'muted';

// Each pair keeps at least 4.5:1 contrast for the small bold text.
const variants: Record<BadgeVariant, string> = {
  gold: 'bg-gold-400 text-ink-950',
  ink: 'bg-ink-900 text-cream-50',
  sale: 'bg-sale text-white',
  success: 'bg-success text-white',
  muted: 'bg-ink-300 text-ink-900',
};

export interface BadgeProps {
  variant?: BadgeVariant;
  className?: string;
  children: ReactNode;
}

export function Badge({ variant = 'gold', className, children }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase',
        variants[variant],
        className,
      )}
    >
      {children}
    </span>
  );
}
