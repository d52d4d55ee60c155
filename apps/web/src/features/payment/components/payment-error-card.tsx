import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';

export interface PaymentErrorCardProps {
  title: string;
  /** Details under the title (the server's message, when it sent one). */
  children?: ReactNode;
  to: '/' | '/checkout';
  linkText: string;
}

/** The one error display of the payment and result pages: what failed and the way out. */
export function PaymentErrorCard({ title, children, to, linkText }: PaymentErrorCardProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div
        role="alert"
        className="rounded-2xl border border-sale/30 bg-sale/5 px-5 py-6 text-center sm:px-8"
      >
        <h1 className="font-serif text-2xl text-sale">{title}</h1>
        {children ? <div className="mt-3 space-y-2 text-ink-800">{children}</div> : null}
        <Link to={to} className={buttonClasses({ className: 'mt-6 w-full sm:w-auto' })}>
          {linkText}
        </Link>
      </div>
    </div>
  );
}
