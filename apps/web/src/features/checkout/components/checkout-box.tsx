import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface CheckoutBoxProps {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}

/** One of the checkout's five boxes: a region named by its heading. */
export function CheckoutBox({ id, title, className, children }: CheckoutBoxProps) {
  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className={cn('rounded-2xl bg-white p-4 ring-1 ring-ink-900/10 sm:p-6', className)}
    >
      <h2 id={`${id}-titulo`} className="font-serif text-xl text-ink-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
