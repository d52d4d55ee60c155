import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';

export interface EmptyTabProps {
  title: string;
  icon: ReactNode;
  children: ReactNode;
}

/** A tab with nothing to list yet, and the way to the catalogue. */
export function EmptyTab({ title, icon, children }: EmptyTabProps) {
  return (
    <section aria-label={title} className="flex flex-col items-center py-10 text-center">
      <div className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-cream-200 text-gold-700">
        {icon}
      </div>
      <h2 className="font-serif text-2xl text-ink-900">{title}</h2>
      <div className="mt-2 max-w-md text-ink-700">{children}</div>
      <Link to="/produtos" className={buttonClasses({ className: 'mt-6' })}>
        Ver produtos
      </Link>
    </section>
  );
}
