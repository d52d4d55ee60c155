import { z } from 'zod';
import { INVOICE_STATES, LABEL_STATES } from '../fulfilment/fulfilment-json.ts';
import { STOCK_ALERT_STATUSES } from '../stock-alerts/stock-alert-schemas.ts';
import { PRIVACY_REQUEST_STATUSES, PRIVACY_REQUEST_TYPES } from './privacy-requests.ts';

/**
 * GET /api/users/me/export: everything the shop keeps about the person (LGPD art. 18, II and V),
 * in the spec's exported-file shape (`personalInfo`, `preferences`, `exportDate`, `purpose`) with
 * the rest beside it. Never a password hash, a token or another person's data.
 */
/** The exported file's `purpose`, naming the shop as its settings do ('' : the shop unnamed). */
export function dataExportPurpose(shopName: string): string {
  const keeper = shopName ? `pela loja ${shopName}` : 'pela loja';
  return `Exportação dos dados pessoais mantidos ${keeper}, conforme a LGPD (Lei 13.709/2018, art. 18).`;
}

export const dataExportSchema = z
  .object({
    personalInfo: z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      cpf: z.string().nullable(),
      birth_date: z.string().nullable(),
      gender: z.enum(['M', 'F', 'O']).nullable(),
      country: z.string(),
      email_verified: z.boolean(),
      /** A new address waiting for its confirmation link. */
      pending_email: z.string().nullable(),
      google_linked: z.boolean(),
      created_at: z.string(),
    }),
    preferences: z.object({
      performance: z.boolean(),
      functional: z.boolean(),
      marketing: z.boolean(),
      marketingComm: z.boolean(),
      privacyPolicy: z.boolean(),
      termsOfService: z.boolean(),
      dataProcessing: z.boolean(),
      /** Every consent given or withdrawn, oldest first. */
      history: z.array(
        z.object({
          consent: z.string(),
          accepted: z.boolean(),
          policy_version: z.string(),
          at: z.string(),
          ip: z.string().nullable(),
        }),
      ),
    }),
    addresses: z.array(
      z.object({
        name: z.string(),
        full_address: z.string(),
        is_default: z.boolean(),
      }),
    ),
    orders: z.array(
      z.object({
        order_number: z.string(),
        created_at: z.string(),
        status: z.string(),
        payment_status: z.string(),
        customer_name: z.string(),
        customer_email: z.string().nullable(),
        customer_phone: z.string().nullable(),
        customer_cpf: z.string().nullable(),
        shipping_address: z.string(),
        shipping: z.string(),
        tracking_code: z.string().nullable(),
        /** Reais with two decimals. */
        total: z.number(),
        items: z.array(
          z.object({
            product_name: z.string(),
            sku: z.string(),
            quantity: z.number().int(),
            unit_price: z.number(),
            total: z.number(),
          }),
        ),
        /** The order's NF-e, a cancelled one and its replacement included, oldest first. */
        invoices: z.array(
          z.object({
            state: z.enum(INVOICE_STATES),
            number: z.string().nullable(),
            series: z.string().nullable(),
            access_key: z.string().nullable(),
            danfe_url: z.string().nullable(),
            xml_url: z.string().nullable(),
            /** When the shop asked for it to be issued. */
            requested_at: z.string(),
            authorised_at: z.string().nullable(),
            cancelled_at: z.string().nullable(),
          }),
        ),
        /** Shipping labels bought for the order (Melhor Envio), oldest first. */
        shipping_labels: z.array(
          z.object({
            /** The carrier's service: PAC, SEDEX or Mini Envios (Correios). */
            service: z.string(),
            tracking_code: z.string().nullable(),
            state: z.enum(LABEL_STATES),
            created_at: z.string(),
            posted_at: z.string().nullable(),
            delivered_at: z.string().nullable(),
          }),
        ),
        /** Where the parcel went, oldest first. */
        tracking_events: z.array(
          z.object({ status: z.string(), description: z.string(), occurred_at: z.string() }),
        ),
      }),
    ),
    /** Withdrawal and exchange requests, with the reason the person gave. */
    returns: z.array(
      z.object({
        protocol: z.string(),
        order_number: z.string(),
        type: z.string(),
        status: z.string(),
        reason: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    /** Product reviews the person wrote, whatever their status, with the shop's answers. */
    reviews: z.array(
      z.object({
        product_name: z.string(),
        order_number: z.string(),
        rating: z.number().int(),
        text: z.string(),
        /** The first name the product page shows beside it. */
        author: z.string(),
        variant: z.string(),
        status: z.string(),
        photo_url: z.string().nullable(),
        reply: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    wishlist: z.array(z.object({ product_name: z.string(), added_at: z.string() })),
    cart: z.array(z.object({ product_name: z.string(), quantity: z.number().int() })),
    /** 'Avise-me quando chegar' of the account's address, with the consent each one carries. */
    stock_alerts: z.array(
      z.object({
        /** The product and the variant waited for: 'Argola Segmentada (8 mm, Dourado)'. */
        product_name: z.string(),
        email: z.string(),
        status: z.enum(STOCK_ALERT_STATUSES),
        consented_at: z.string(),
        requested_at: z.string(),
        confirmed_at: z.string().nullable(),
        notified_at: z.string().nullable(),
      }),
    ),
    /** Reminders of a cart left or a PIX expired unpaid, and each e-mail of them. */
    reminders: z.array(
      z.object({
        kind: z.string(),
        started_at: z.string(),
        stopped_at: z.string().nullable(),
        stop_reason: z.string().nullable(),
        emails: z.array(z.object({ sent_at: z.string(), restored_at: z.string().nullable() })),
      }),
    ),
    /** Sign-ins and account changes from the security log (kept 12 months). */
    account_activity: z.array(
      z.object({
        type: z.string(),
        message: z.string(),
        at: z.string(),
        ip: z.string().nullable(),
      }),
    ),
    privacy_requests: z.array(
      z.object({
        type: z.enum(PRIVACY_REQUEST_TYPES),
        status: z.enum(PRIVACY_REQUEST_STATUSES),
        requested_at: z.string(),
        deadline: z.string(),
        completed_at: z.string().nullable(),
      }),
    ),
    exportDate: z.string(),
    purpose: z.string(),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;
