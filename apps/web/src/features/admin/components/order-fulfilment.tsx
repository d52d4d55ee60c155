import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import type { OrderFulfilmentJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { useId } from 'react';
import { TrackingEventList } from '../../../components/tracking-event-list.tsx';
import { useFulfilmentStatus } from '../api/fulfilment.ts';
import { DetailBox } from './detail-box.tsx';
import { OrderInvoice } from './order-invoice.tsx';
import { OrderLabel } from './order-label.tsx';
import { PackingSlipButtons } from './packing-slip-buttons.tsx';

function FulfilmentBox({
  order,
  fulfilment,
}: {
  order: AdminOrderDetail['order'];
  fulfilment: OrderFulfilmentJson;
}) {
  // What is connected decides which buttons work; a failed read leaves the API to say why.
  const status = useFulfilmentStatus().data;
  const id = useId();
  return (
    <DetailBox title="Envio e nota fiscal">
      <div className="space-y-5 divide-y divide-ink-300/40 [&>*:not(:first-child)]:pt-4">
        <OrderLabel orderId={order.id} order={order} label={fulfilment.label} status={status} />
        <OrderInvoice
          orderId={order.id}
          order={order}
          invoice={fulfilment.invoice}
          status={status}
        />
        {fulfilment.tracking_events.length > 0 ? (
          <section aria-labelledby={`${id}-rastreamento`} className="space-y-2">
            <h3 id={`${id}-rastreamento`} className="font-semibold text-ink-900">
              Rastreamento
            </h3>
            <TrackingEventList events={fulfilment.tracking_events} />
          </section>
        ) : null}
        <section aria-labelledby={`${id}-romaneio`} className="space-y-2">
          <h3 id={`${id}-romaneio`} className="font-semibold text-ink-900">
            Romaneio
          </h3>
          <PackingSlipButtons orderId={order.id} />
        </section>
      </div>
    </DetailBox>
  );
}

/**
 * 'Envio e nota fiscal': the label, the NF-e, the parcel's tracking and the packing slips of an
 * order. Nothing when the API sends no fulfilment block (one without labels and NF-e).
 */
export function OrderFulfilment({ detail }: { detail: AdminOrderDetail }) {
  if (!detail.fulfilment) return null;
  return <FulfilmentBox order={detail.order} fulfilment={detail.fulfilment} />;
}
