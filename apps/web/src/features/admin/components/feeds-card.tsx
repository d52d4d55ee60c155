import { FEED_TEXTS } from '@lumina/shared/feeds/feeds';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFeeds } from '../api/feeds.ts';

/** One address to paste: the label, where it goes, the address itself and a copy button. */
function FeedAddress({
  id,
  label,
  where,
  url,
}: {
  id: string;
  label: string;
  where: string;
  url: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      // Missing outside secure contexts (plain http): the owner selects and copies by hand then.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="font-medium text-ink-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          readOnly
          value={url}
          aria-describedby={`${id}-onde`}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-ink-300 bg-cream-50 px-3 py-2 font-mono text-xs text-ink-900"
        />
        <Button
          size="sm"
          variant="outline"
          aria-label={`${FEED_TEXTS.copy}: ${label}`}
          onClick={() => void copy()}
        >
          {FEED_TEXTS.copy}
        </Button>
      </div>
      <p id={`${id}-onde`}>{where}</p>
      <p aria-live="polite" className="min-h-5">
        {state === 'copied' ? <span className="text-success">{FEED_TEXTS.copied}</span> : null}
        {state === 'failed' ? <span className="text-sale">{FEED_TEXTS.copyFailed}</span> : null}
      </p>
    </div>
  );
}

/**
 * The settings page's card of the catalogue feeds: the two addresses to paste in Google Merchant
 * Center and Meta's Commerce Manager, and the returns page and contact Merchant Center asks for.
 */
export function FeedsCard() {
  const feeds = useFeeds();
  const data = feeds.data?.feeds;
  return (
    <section
      aria-label={FEED_TEXTS.title}
      className="space-y-3 rounded-2xl border border-ink-300/60 bg-white p-4 text-sm text-ink-800 sm:p-5"
    >
      <h2 className="font-serif text-xl text-ink-900">{FEED_TEXTS.title}</h2>
      <p>{FEED_TEXTS.intro}</p>
      {feeds.isError ? <FormAlert kind="error" messages={[feeds.error.message]} /> : null}
      {feeds.isPending ? <Spinner label="Carregando os endereços..." /> : null}
      {data ? (
        <>
          <p className="text-ink-700">{FEED_TEXTS.items(data.items)}</p>
          <FeedAddress
            id="feed-google"
            label={FEED_TEXTS.googleLabel}
            where={FEED_TEXTS.googleWhere}
            url={data.google_url}
          />
          <FeedAddress
            id="feed-meta"
            label={FEED_TEXTS.metaLabel}
            where={FEED_TEXTS.metaWhere}
            url={data.meta_url}
          />
          {data.returns_policy_url ? (
            <div className="space-y-1">
              <p>{FEED_TEXTS.returnsWhere}</p>
              <p className="break-all">
                <a
                  className="underline"
                  href={data.returns_policy_url}
                  target="_blank"
                  rel="noreferrer"
                >
                  {data.returns_policy_url}
                </a>
                {data.contact_email ? ` · ${data.contact_email}` : null}
              </p>
            </div>
          ) : (
            <FormAlert kind="warning" messages={[FEED_TEXTS.returnsMissing]} />
          )}
        </>
      ) : null}
    </section>
  );
}
