import type { DashboardQueueItem } from '@lumina/shared/admin/dashboard';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { deadlineText, QUEUE_ENTRIES, splitQueue } from '../model/dashboard-view.ts';

function QueueRow({ item }: { item: DashboardQueueItem }) {
  const entry = QUEUE_ENTRIES[item.key];
  const deadline = deadlineText(item.days_left);
  const late = item.days_left !== null && item.days_left < 0;
  return (
    <li>
      <Link
        to={entry.href}
        className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-cream-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-600"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-ink-900">{entry.label}</span>
          {deadline ? (
            <span
              className={cn('block text-sm', late ? 'font-semibold text-sale' : 'text-ink-700')}
            >
              {deadline}
            </span>
          ) : null}
        </span>
        <span
          data-testid={`queue-count-${item.key}`}
          className="inline-flex min-w-9 items-center justify-center rounded-full bg-gold-100 px-2.5 py-0.5 font-semibold text-ink-950"
        >
          {item.count}
        </span>
        <span aria-hidden="true" className="text-ink-500">
          ›
        </span>
      </Link>
    </li>
  );
}

/**
 * 'O que precisa de você': what waits for someone, each line opening the list that shows it; the
 * items with nothing waiting fold into one muted 'Tudo em dia' line naming them.
 */
export function DashboardQueue({ queue }: { queue: readonly DashboardQueueItem[] }) {
  const { pending, done } = splitQueue(queue);
  return (
    <section aria-labelledby="fila-admin" className="space-y-3">
      <h2 id="fila-admin" className="font-serif text-2xl text-ink-900">
        O que precisa de você
      </h2>
      {pending.length === 0 ? (
        <p className="rounded-2xl border border-ink-300/60 bg-white px-4 py-5 text-ink-700">
          Nada pendente por agora.
        </p>
      ) : (
        <ul className="divide-y divide-ink-300/40 overflow-hidden rounded-2xl border border-ink-300/60 bg-white">
          {pending.map((item) => (
            <QueueRow key={item.key} item={item} />
          ))}
        </ul>
      )}
      {pending.length > 0 && done.length > 0 ? (
        <p className="text-sm text-ink-600">
          <span className="font-semibold">Tudo em dia:</span>{' '}
          {done.map((item) => QUEUE_ENTRIES[item.key].label).join(', ')}.
        </p>
      ) : null}
    </section>
  );
}
