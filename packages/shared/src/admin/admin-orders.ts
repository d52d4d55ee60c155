import { INVOICE_STATES, LABEL_STATES } from '../fulfilment/fulfilment-json.ts';
import { orderFulfilmentJsonSchema } from '../fulfilment/fulfilment-schemas.ts';
import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/order-status.ts';
import { adminRefundSchema } from '../returns/return-schemas.ts';
import {
  ORDER_PAYMENT_METHODS,
  orderSchema,
  PAYMENT_PROVIDERS,
  PAYMENT_ROW_STATUSES,
  paymentRowStatusSchema,
  REFUND_STATUSES,
} from '../orders/order-schemas.ts';

/**
 * The administrator's order operations (DESIGN.md: GET /api/admin/orders, GET
 * /api/admin/orders/{id}, POST /api/admin/orders/{id}/confirm_payment | ship | deliver | cancel).
 */

export const ADMIN_ORDER_ACTIONS = ['confirm_payment', 'ship', 'deliver', 'cancel'] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

export const ADMIN_ORDER_ACTION_LABELS: Record<AdminOrderAction, string> = {
  confirm_payment: 'Confirmar pagamento',
  ship: 'Marcar como enviado',
  deliver: 'Marcar como entregue',
  cancel: 'Cancelar pedido',
};

export const ADMIN_ORDERS_PER_PAGE = 20;

export const ADMIN_ORDER_MESSAGES = {
  status: 'Status de pedido inválido',
  paymentStatus: 'Status de pagamento inválido',
  date: 'Data inválida. Use o formato AAAA-MM-DD.',
  range: 'A data inicial deve ser anterior ou igual à data final',
  search: 'A busca deve ter no máximo 100 caracteres',
  page: 'Página inválida',
  perPage: 'Itens por página devem estar entre 1 e 100',
  cancelReason: 'O motivo deve ter no máximo 500 caracteres',
} as const;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isoDate = z.string().refine(isCalendarDay, ADMIN_ORDER_MESSAGES.date);

/** Query of GET /api/admin/orders; an empty value means no filter. */
export const adminOrderListQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: ADMIN_ORDER_MESSAGES.status }).optional(),
    payment_status: z
      .enum(PAYMENT_ROW_STATUSES, { error: ADMIN_ORDER_MESSAGES.paymentStatus })
      .optional(),
    /** Days in the shop's time zone (America/Sao_Paulo), both included. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** Order number, customer name, e-mail or CPF digits. */
    q: z.string().trim().max(100, ADMIN_ORDER_MESSAGES.search).optional(),
    page: z.coerce
      .number({ error: ADMIN_ORDER_MESSAGES.page })
      .int(ADMIN_ORDER_MESSAGES.page)
      .min(1, ADMIN_ORDER_MESSAGES.page)
      .max(100_000, ADMIN_ORDER_MESSAGES.page)
      .default(1),
    per_page: z.coerce
      .number({ error: ADMIN_ORDER_MESSAGES.perPage })
      .int(ADMIN_ORDER_MESSAGES.perPage)
      .min(1, ADMIN_ORDER_MESSAGES.perPage)
      .max(100, ADMIN_ORDER_MESSAGES.perPage)
      .default(ADMIN_ORDERS_PER_PAGE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: ADMIN_ORDER_MESSAGES.range,
    path: ['from'],
  });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: paymentRowStatusSchema,
  payment_provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  customer_name: z.string(),
  /** Null once the customer's account was erased (LGPD): the order keeps its fiscal data only. */
  customer_email: z.string().nullable(),
  total: z.number(),
  total_cents: z.number().int(),
  items_count: z.number().int(),
  tracking_code: z.string().nullable(),
  /** A payment approved after the order had been cancelled: refund it or restore the order. */
  paid_after_cancel: z.boolean(),
  refund_status: z.enum(REFUND_STATUSES),
  /** The label's and the NF-e's states; null when the order has none. */
  label_state: z.enum(LABEL_STATES).nullable().optional(),
  invoice_state: z.enum(INVOICE_STATES).nullable().optional(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListResponseSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  /** Orders flagged 'Pago após cancelamento' that still need the shop's decision. */
  alerts: z.object({ paid_after_cancel: z.number().int() }),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: paymentRowStatusSchema,
  amount: z.number(),
  amount_cents: z.number().int(),
  gateway_payment_id: z.string().nullable(),
  txid: z.string().nullable(),
  method: z.enum(ORDER_PAYMENT_METHODS),
  /** 'Cartão de crédito Visa final 6351 · 3x' (payment-labels.ts). */
  label: z.string(),
  /** The provider's reason (accredited, cc_rejected_...) and what it means in pt-BR. */
  status_detail: z.string().nullable(),
  status_message: z.string().nullable(),
  installments: z.number().int().nullable(),
  card_brand: z.string().nullable(),
  card_last_four: z.string().nullable(),
  /** What the provider kept and what reaches the shop, when it said (approved payments). */
  fee: z.number().nullable(),
  fee_cents: z.number().int().nullable(),
  net: z.number().nullable(),
  net_cents: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  approved_at: z.string().nullable(),
  events: z.array(
    z.object({
      from_status: z.string().nullable(),
      to_status: z.string(),
      source: z.string(),
      created_at: z.string(),
    }),
  ),
});

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

export const adminOrderMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  to: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

/** One step in the order's life: who moved it (an administrator, the customer, the system). */
export const adminOrderEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  actor: z.enum(['admin', 'customer', 'provider', 'system']),
  admin_id: z.number().int().nullable(),
  admin_name: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const adminOrderDetailSchema = z
  .object({
    order: orderSchema.extend({
      user_id: z.number().int(),
      paid_after_cancel: z.boolean(),
      refund_status: z.enum(REFUND_STATUSES),
      payment_confirmed_by: z.number().int().nullable(),
    }),
    payments: z.array(adminPaymentSchema),
    /** Money given back, with the provider's refund id or the PIX E2E id and who did it. */
    refunds: z.array(adminRefundSchema),
    /** What may still be refunded (reais). */
    refundable: z.number(),
    emails: z.array(adminOrderMailSchema),
    events: z.array(adminOrderEventSchema),
    /** What the order's state allows now; the panel shows these buttons only. */
    available_actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
    /** The label, the NF-e and the parcel's tracking. */
    fulfilment: orderFulfilmentJsonSchema.optional(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** Every action answers the order as it is now and says what happened, in pt-BR. */
export const adminOrderActionResponseSchema = adminOrderDetailSchema.extend({
  /** false when the order was already there (a repeated click, a second administrator). */
  changed: z.boolean(),
  message: z.string(),
});
export type AdminOrderActionResponse = z.infer<typeof adminOrderActionResponseSchema>;

export const cancelOrderBodySchema = z
  .object({ reason: z.string().trim().max(500, ADMIN_ORDER_MESSAGES.cancelReason).optional() })
  .nullish();
