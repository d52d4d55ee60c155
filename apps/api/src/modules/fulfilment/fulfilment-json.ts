import {
  LABEL_SERVICES,
  LABEL_STATES,
  type LabelJson,
  type LabelServiceName,
  type TrackingEventJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { TRACKING_STATUS_TEXTS } from '@lumina/shared/fulfilment/fulfilment-texts';
import { centsToReais } from '@lumina/shared/format/money';
import { z } from 'zod';
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
    tracking_code: row.trackingCode,
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

/** The routes' description of a label (OpenAPI and the serializer), the shared LabelJson. */
export const labelJsonSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(LABEL_STATES),
    service: z.enum(['PAC', 'SEDEX', 'Mini Envios']),
    tracking_code: z.string().nullable(),
    price: z.number().nullable().describe('reais'),
    last_error: z.string().nullable().describe('pt-BR: why the last step failed, what to do'),
    can_cancel: z.boolean(),
    can_print: z.boolean(),
    created_at: z.string(),
    posted_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'Label' }) satisfies z.ZodType<LabelJson>;

export const trackingEventJsonSchema = z
  .object({ status: z.string(), description: z.string(), occurred_at: z.string() })
  .meta({ id: 'TrackingEvent' }) satisfies z.ZodType<TrackingEventJson>;
