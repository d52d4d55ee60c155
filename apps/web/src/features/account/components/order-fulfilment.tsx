import { TrackingEventList } from '../../../components/tracking-event-list.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';

/** The parcel's steps, newest first, under its tracking code; nothing before the first one. */
export function OrderTracking({
  order,
}: {
  order: Pick<OrderDetail, 'tracking_code' | 'tracking_carrier' | 'tracking_events'>;
}) {
  const events = order.tracking_events ?? [];
  if (events.length === 0) return null;
  return (
    <section
      aria-labelledby="rastreamento-titulo"
      className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5"
    >
      <h2 id="rastreamento-titulo" className="mb-3 font-serif text-xl text-ink-900">
        Rastreamento
      </h2>
      {order.tracking_code ? (
        <p className="mb-3 text-sm text-ink-700">
          Código de rastreio:{' '}
          <span className="font-mono font-semibold tracking-wide break-all text-ink-900">
            {order.tracking_code}
          </span>
          {order.tracking_carrier ? (
            <span className="block">Transportadora: {order.tracking_carrier}</span>
          ) : null}
        </p>
      ) : null}
      <TrackingEventList events={events} />
    </section>
  );
}

/** The order's NF-e, once SEFAZ authorised it: its number and the DANFE to open or keep. */
export function OrderInvoiceLink({ order }: { order: Pick<OrderDetail, 'invoice'> }) {
  const invoice = order.invoice;
  if (!invoice) return null;
  return (
    <section
      aria-labelledby="nota-fiscal-titulo"
      className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5"
    >
      <h2 id="nota-fiscal-titulo" className="mb-3 font-serif text-xl text-ink-900">
        Nota fiscal
      </h2>
      {invoice.number ? (
        <p className="mb-3 text-sm text-ink-700">NF-e nº {invoice.number}</p>
      ) : null}
      <a
        href={invoice.danfe_url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: 'outline' })}
      >
        Ver DANFE
        <span className="sr-only"> (abre em nova aba)</span>
      </a>
    </section>
  );
}
