import type { ReactNode } from 'react';
import { SparkleIcon } from './icons.tsx';

export interface PageNoticeProps {
  /** The page's single h1. */
  title: string;
  eyebrow?: string;
  icon?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred message page: 404, empty cart, features that arrive with later releases. */
export function PageNotice({ title, eyebrow, icon, children, actions }: PageNoticeProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className="mb-6 inline-flex size-16 items-center justify-center rounded-full bg-cream-200 text-gold-700">
        {icon ?? <SparkleIcon className="size-8" />}
      </div>
      {eyebrow ? (
        <p className="text-xs font-semibold tracking-[0.3em] text-gold-700 uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="mt-2 font-serif text-3xl text-ink-900 sm:text-4xl">{title}</h1>
      {children ? <div className="mt-4 space-y-3 text-ink-700">{children}</div> : null}
      {actions ? (
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>
      ) : null}
    </div>
  );
}
