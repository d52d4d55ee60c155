import { formatDate } from '@lumina/shared/format/dates';
import type { PolicyAnswer } from '@lumina/shared/settings/policy-pages';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../../components/icons.tsx';

/**
 * The owner's headings, paragraphs, lists and links set as the privacy policy's text is: the
 * HTML is the allow-list's output (cleaned when the settings were saved), so only those elements
 * reach this container.
 */
const PROSE =
  'mt-8 space-y-4 leading-relaxed text-ink-800 [&_a]:text-gold-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-ink-900 [&_h2]:pt-4 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:text-ink-900 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink-900 [&_li]:mt-1.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-ink-900 [&_ul]:list-disc [&_ul]:pl-6 break-words';

/** A policy page: the way home, its title, when it last changed and the owner's text. */
export function PolicyArticle({
  policy,
  shopName,
}: {
  policy: PolicyAnswer['policy'];
  shopName: string;
}) {
  const updated = policy.updated_at ? formatDate(policy.updated_at) : '';
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Link
        to="/"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
      >
        <ChevronLeftIcon className="size-4" />
        Voltar para o início
      </Link>
      <header className="mt-4 border-b border-cream-300 pb-8">
        {shopName ? (
          <p className="text-xs font-semibold tracking-[0.3em] text-gold-700 uppercase">
            {shopName}
          </p>
        ) : null}
        <h1 className="mt-2 font-serif text-4xl text-ink-900">{policy.title}</h1>
        {updated ? (
          <p className="mt-3 text-sm text-ink-600">Última atualização: {updated}</p>
        ) : null}
      </header>
      <div className={PROSE} dangerouslySetInnerHTML={{ __html: policy.html }} />
    </article>
  );
}
