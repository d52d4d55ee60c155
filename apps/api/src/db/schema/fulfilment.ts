import {
  INVOICE_STATES,
  type InvoiceStateJson,
  LABEL_STATES,
  type LabelStateJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * How far a label's purchase went at Melhor Envio (LABEL_STATES). Each step is recorded as soon
 * as it is answered, so a retry (the job queue, or the owner's button) resumes at the next step
 * and never buys a second label: 'claimed' (nothing sent yet, or the cart call went unanswered:
 * `uncertain`), 'carted' (Melhor Envio's order id known), 'paid' (checkout with the wallet),
 * 'generated' (printable), then 'posted' and 'delivered' from the carrier, or 'canceled'.
 */
export type LabelState = LabelStateJson;

/** A shipping label bought for an order, owned by the fulfilment module. */
export const shippingLabels = pgTable(
  'shipping_labels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('melhor_envio'),
    /** Melhor Envio's service id: 1 PAC, 2 SEDEX, 17 Mini Envios (REFERENCE.md). */
    serviceId: integer('service_id').notNull(),
    state: text('state', { enum: LABEL_STATES }).notNull().default('claimed'),
    /** The cart call went out and no answer came back: look for it before adding again. */
    uncertain: boolean('uncertain').notNull().default(false),
    /** Melhor Envio's order id (a UUID) and protocol, once the cart answered. */
    providerOrderId: text('provider_order_id').unique(),
    protocol: text('protocol'),
    priceCents: integer('price_cents'),
    trackingCode: text('tracking_code'),
    /** Sent as the invoice key, or null when it went as a content declaration. */
    invoiceKey: text('invoice_key'),
    /** The last step's failure in pt-BR, with what to do; cleared when a step succeeds. */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (table) => [
    // Two clicks or two administrators: the second insert fails, so one label per order.
    uniqueIndex('shipping_labels_one_live_per_order')
      .on(table.orderId)
      .where(sql`${table.state} <> 'canceled'`),
    index('shipping_labels_state_idx').on(table.state),
    check('shipping_labels_state_known', sql`${table.state} in (${list(LABEL_STATES)})`),
  ],
);

/**
 * What happened to a parcel, from Melhor Envio's webhooks or the polling job: one row per
 * label and status, so a webhook that comes twice (or after the poll) is applied once.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    labelId: integer('label_id').references(() => shippingLabels.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    description: text('description'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['webhook', 'poll'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tracking_events_once').on(table.labelId, table.status),
    index('tracking_events_order_idx').on(table.orderId),
  ],
);

/** The shop's Melhor Envio account: OAuth tokens (sealed like Bling's) or a pasted token. */
export const melhorEnvioConnection = pgTable(
  'melhor_envio_connection',
  {
    id: integer('id').primaryKey().default(1),
    accessTokenEnc: text('access_token_enc').notNull(),
    /** Null for a token pasted from Melhor Envio's panel: it does not refresh. */
    refreshTokenEnc: text('refresh_token_enc'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    scope: text('scope'),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  },
  (table) => [check('melhor_envio_connection_single_row', sql`${table.id} = 1`)],
);

/** OAuth `state` values handed to one administrator, kept hashed, each used once. */
export const melhorEnvioOauthStates = pgTable('melhor_envio_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every webhook Melhor Envio sent, by a key of its event and resource: a repeat is recorded
 * once, and unknown events stay here ('ignored') for whoever looks into them.
 */
export const melhorEnvioWebhookEvents = pgTable('melhor_envio_webhook_events', {
  eventKey: text('event_key').primaryKey(),
  event: text('event').notNull(),
  resourceId: text('resource_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  outcome: text('outcome', { enum: ['applied', 'ignored', 'unknown_label'] }).notNull(),
});

/**
 * Where an NF-e stands (INVOICE_STATES): 'requesting' (the shop asked Bling to generate it;
 * `uncertain` when no answer came back), then Bling's own states read into 'pending' (not sent
 * to SEFAZ yet), 'processing' (waiting for SEFAZ), 'authorised', 'rejected' (with the reason,
 * fixable in Bling and sent again), 'denied' and 'cancelled'.
 */
export type InvoiceState = InvoiceStateJson;

/** An order's NF-e, issued through Bling from its sales order; owned by the fulfilment module. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('bling'),
    state: text('state', { enum: INVOICE_STATES }).notNull().default('requesting'),
    uncertain: boolean('uncertain').notNull().default(false),
    /** Bling's NF-e id. */
    providerInvoiceId: text('provider_invoice_id').unique(),
    number: text('number'),
    series: text('series'),
    /** The 44-digit access key (chave de acesso) SEFAZ authorised. */
    accessKey: text('access_key'),
    danfeUrl: text('danfe_url'),
    xmlUrl: text('xml_url'),
    /** SEFAZ's or Bling's reason for a rejection or denial, as they wrote it. */
    reason: text('reason'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_one_live_per_order')
      .on(table.orderId)
      .where(sql`${table.state} <> 'cancelled'`),
    index('invoices_state_idx').on(table.state),
    check('invoices_state_known', sql`${table.state} in (${list(INVOICE_STATES)})`),
  ],
);
