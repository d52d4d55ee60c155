import {
  LABEL_SERVICES,
  type LabelJson,
  type LabelServiceName,
  type TrackingEventJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { TRACKING_STATUS_TEXTS } from '@lumina/shared/fulfilment/fulfilment-texts';
import { labelTrackingUrl } from '@lumina/shared/fulfilment/label-tracking';
import { centsToReais } from '@lumina/shared/format/money';
import type { shippingLabels, trackingEvents } from '../../db/schema/fulfilment.ts';

export type LabelRow = typeof shippingLabels.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;

/** Before the carrier has the parcel: Melhor Envio still takes the label back (and refunds it). */
export const CANCELLABLE_STATES = ['claimed', 'carted', 'paid', 'generated'] as const;
/** A PDF exists from generation on; a posted parcel's label can still be printed again. */
export const PRINTABLE_STATES = ['generated', 'posted'] as const;

const includes = (states: readonly string[], state: string) => states.includes(state);

export function serviceName(serviceId: number): LabelServiceName {
  return LABEL_SERVICES[serviceId as keyof typeof LABEL_SERVICES] ?? 'PAC';
}

export function labelJson(row: LabelRow): LabelJson {
  return {
    id: row.id,
    state: row.state,
    service: serviceName(row.serviceId),
    service_id: row.serviceId,
    tracking_code: row.trackingCode,
    tracking_url: labelTrackingUrl(row.serviceId, row.trackingCode),
    price: row.priceCents === null ? null : centsToReais(row.priceCents),
    last_error: row.lastError,
    can_cancel: includes(CANCELLABLE_STATES, row.state),
    can_print: includes(PRINTABLE_STATES, row.state),
    created_at: row.createdAt.toISOString(),
    posted_at: row.postedAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Oldest first, as the parcel went. */
export function trackingEventsJson(rows: readonly TrackingEventRow[]): TrackingEventJson[] {
  return [...rows]
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id - b.id)
    .map((row) => ({
      status: row.status,
      description: row.description ?? TRACKING_STATUS_TEXTS[row.status] ?? row.status,
      occurred_at: row.occurredAt.toISOString(),
    }));
}

export {
  labelJsonSchema,
  trackingEventJsonSchema,
} from '@lumina/shared/fulfilment/fulfilment-schemas';
