import type { TrackingEventJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { TRACKING_STATUS_TEXTS } from '@lumina/shared/fulfilment/fulfilment-texts';
import { formatDateTime } from '@lumina/shared/format/dates';

/** Newest first, whatever order the API sent them in. */
function newestFirst(events: readonly TrackingEventJson[]): TrackingEventJson[] {
  return [...events].sort(
    (a, b) => new Date(b.occurred_at).getTime() - new Date(a.occurred_at).getTime(),
  );
}

/** The parcel's steps, for the shopper's order page and the panel's: when (Brasília) and what. */
export function TrackingEventList({ events }: { events: readonly TrackingEventJson[] }) {
  return (
    <ol className="space-y-2 text-sm">
      {newestFirst(events).map((event, index) => (
        <li key={`${event.occurred_at}-${index}`} className="border-l-2 border-gold-500 pl-3">
          <time dateTime={event.occurred_at} className="block text-ink-700">
            {formatDateTime(event.occurred_at)}
          </time>
          <span className="block break-words text-ink-900">
            {event.description || TRACKING_STATUS_TEXTS[event.status] || event.status}
          </span>
        </li>
      ))}
    </ol>
  );
}
