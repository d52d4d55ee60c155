import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** A message above a form's button: what went wrong, or that it worked. */
export function FormAlert({
  kind,
  children,
  className,
}: {
  kind: 'error' | 'success';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-xl border-l-4 px-4 py-3 text-sm',
        kind === 'error'
          ? 'border-sale bg-red-50 text-red-900'
          : 'border-success bg-green-50 text-green-900',
        className,
      )}
    >
      {children}
    </div>
  );
}
