import { z } from 'zod';
import {
  INVOICE_STATES,
  type InvoiceJson,
  LABEL_SERVICES,
  LABEL_STATES,
  type LabelJson,
  type LabelOptionsJson,
  type LabelServiceName,
  type OrderFulfilmentJson,
  type ShopperInvoiceJson,
  type TrackingEventJson,
} from './fulfilment-json.ts';
import { LABEL_CHOICE_MESSAGES } from './fulfilment-texts.ts';

const labelServiceNames = Object.values(LABEL_SERVICES) as [
  LabelServiceName,
  ...LabelServiceName[],
];

/** The routes' description of a label (OpenAPI and the serializer), the shared LabelJson. */
export const labelJsonSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(LABEL_STATES),
    service: z.enum(labelServiceNames),
    service_id: z.number().int().describe("Melhor Envio's id of the service"),
    tracking_code: z.string().nullable(),
    tracking_url: z.string().nullable().describe("the carrier's tracking page for the code"),
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

/** The contract's Invoice (fulfilment-json.ts), as /api/docs shows it. */
export const invoiceJsonSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(INVOICE_STATES),
    number: z.string().nullable(),
    series: z.string().nullable(),
    access_key: z.string().nullable().describe('the 44-digit chave de acesso'),
    danfe_url: z.string().nullable(),
    xml_url: z.string().nullable(),
    reason: z.string().nullable().describe("SEFAZ's or Bling's reason for a rejection or denial"),
    last_error: z.string().nullable().describe('the last failed step, in pt-BR, with what to do'),
    needs_cancellation: z
      .boolean()
      .describe('the whole order was refunded, withdrawn or cancelled while this NF-e stands'),
    can_cancel: z.boolean().describe('authorised less than 24 hours ago'),
  })
  .meta({ id: 'Invoice' }) satisfies z.ZodType<InvoiceJson>;

/** `fulfilment` of the administrator's order. */
export const orderFulfilmentJsonSchema = z.object({
  label: labelJsonSchema.nullable(),
  invoice: invoiceJsonSchema.nullable(),
  tracking_events: z.array(trackingEventJsonSchema),
}) satisfies z.ZodType<OrderFulfilmentJson>;

/** The shopper's NF-e: its DANFE once authorised. */
export const shopperInvoiceJsonSchema = z.object({
  number: z.string().nullable(),
  danfe_url: z.string(),
}) satisfies z.ZodType<ShopperInvoiceJson>;

/**
 * POST /api/admin/orders/{id}/label: the service to buy the label with; absent (or no body at
 * all), the one the shopper chose at checkout.
 */
export const buyLabelBodySchema = z
  .object({
    service_id: z
      .number({ error: LABEL_CHOICE_MESSAGES.serviceId })
      .int(LABEL_CHOICE_MESSAGES.serviceId)
      .positive(LABEL_CHOICE_MESSAGES.serviceId)
      .optional(),
  })
  .nullish();
export type BuyLabelBody = z.infer<typeof buyLabelBodySchema>;

/** GET /api/admin/orders/{id}/label/options */
export const labelOptionsJsonSchema = z
  .object({
    promised_days: z.number().int().describe('business days the shopper was promised'),
    chosen_service_id: z.number().int().describe('the service the shopper chose at checkout'),
    options: z.array(
      z.object({
        service_id: z.number().int(),
        company: z.string(),
        name: z.string(),
        price_cents: z.number().int().nullable(),
        delivery_days: z.number().int().nullable().describe('business days'),
        chosen: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'LabelOptions' }) satisfies z.ZodType<LabelOptionsJson>;
