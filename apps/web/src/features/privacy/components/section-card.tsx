import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface SectionCardProps {
  /** The heading's id; the section is named by it. */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One card of the personal-data page: a named section with its heading. */
export function SectionCard({ id, title, description, children, className }: SectionCardProps) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'min-w-0 rounded-2xl border border-ink-300/60 bg-white p-5 shadow-sm sm:p-6',
        className,
      )}
    >
      <h2 id={id} className="font-serif text-2xl text-ink-900">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-ink-700">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
