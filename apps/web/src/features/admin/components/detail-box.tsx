import type { ReactNode } from 'react';

/** A titled card of an order's or a request's page in the panel. */
export function DetailBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5">
      <h2 className="mb-3 font-serif text-xl text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

/** One label and value of a detail card's `dl`; a long value wraps instead of widening a phone. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1 text-sm">
      <dt className="text-ink-700">{label}</dt>
      <dd className="text-right break-words text-ink-900">{children}</dd>
    </div>
  );
}
