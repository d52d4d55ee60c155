import {
  shopperInvoiceJsonSchema,
  trackingEventJsonSchema,
} from '../fulfilment/fulfilment-schemas.ts';
import { z } from 'zod';
import { ORDER_PAYMENT_METHODS } from '../payments/payment-methods.ts';
import { orderRefundSchema } from '../returns/return-schemas.ts';
import { ORDER_STATUSES } from './order-status.ts';

/**
 * The order contracts of the API (its routes' response schemas, so /api/docs shows them) and of
 * the web (which reads answers through the inferred types). Money comes as reais (numbers with
 * two decimals, the spec's shapes) next to integer cents.
 */

export const PAYMENT_ROW_STATUSES = [
  'pending',
  'processing',
  'approved',
  'rejected',
  'cancelled',
  'refunded',
] as const;
export type PaymentRowStatus = (typeof PAYMENT_ROW_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['pix_builtin', 'mercadopago', 'pix_bank'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What happened to the money of a paid order that was cancelled. */
export const REFUND_STATUSES = ['none', 'refunded', 'manual_pending'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentRowStatusSchema = z.enum(PAYMENT_ROW_STATUSES);

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  name: z.string(),
  sku: z.string(),
  category: z.string(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number(),
  unit_price_cents: z.number().int(),
  list_price: z.number(),
  /** The unit's PIX price: the price when the order is paid by PIX, the list price otherwise. */
  pix_price: z.number(),
  pix_price_cents: z.number().int(),
  /** Off price x quantity by an automatic promotion and by the coupon. */
  promotion_discount_cents: z.number().int(),
  coupon_discount_cents: z.number().int(),
  /** What the item costs: price x quantity less its discounts. */
  total_price: z.number(),
  total_cents: z.number().int(),
  variation_details: z.object({
    size: z.string().optional(),
    measure: z.string().optional(),
    color: z.string().optional(),
  }),
  /** The variant bought (null for items of a variant since removed) and its option values. */
  variant_id: z.number().int().nullable(),
  option_values: z.record(z.string(), z.string()),
});
export type OrderItemJson = z.infer<typeof orderItemSchema>;

export const orderAddressSchema = z.object({
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});

export { ORDER_PAYMENT_METHODS };

/**
 * How the order was paid (its approved payment) or is being paid (its latest attempt): the
 * method's line ('Cartão de crédito Visa final 6351 · 3x', payment-labels.ts), and an open
 * boleto's line, PDF and due date. Of a card, only its brand and last four digits.
 */
export const orderPaymentSchema = z
  .object({
    method: z.enum(ORDER_PAYMENT_METHODS),
    label: z.string().describe('pt-BR, ready to show'),
    status: paymentRowStatusSchema,
    status_detail: z.string().nullable(),
    installments: z.number().int().nullable(),
    card_brand: z.string().nullable(),
    card_last_four: z.string().nullable(),
    paid_at: z.string().nullable(),
    /** Only while the boleto waits to be paid. */
    boleto: z
      .object({
        digitable_line: z.string().nullable(),
        pdf_url: z.string().nullable(),
        due_date: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPaymentJson = z.infer<typeof orderPaymentSchema>;

/** An order as its owner or an administrator reads it (GET /api/orders/{id}, POST /api/orders). */
export const orderSchema = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    status: orderStatusSchema,
    payment_status: paymentRowStatusSchema,
    /** The current attempt's method: the items are priced for it (PIX prices only for PIX). */
    payment_method: z.enum(ORDER_PAYMENT_METHODS),
    customer_name: z.string(),
    /** Null once the customer's account was erased (LGPD): the order keeps its fiscal data only. */
    customer_email: z.string().nullable(),
    customer_phone: z.string().nullable(),
    customer_cpf: z.string().nullable(),
    customer_birth_date: z.string().nullable(),
    /** The spec's single-line forms of the delivery address. */
    shipping_address: z.string(),
    billing_address: z.string(),
    customer_address: z.string(),
    address: orderAddressSchema,
    notes: z.string().nullable(),
    shipping_method: z.enum(['pac', 'sedex']),
    shipping_name: z.string(),
    delivery_days: z.number().int(),
    subtotal: z.number(),
    subtotal_cents: z.number().int(),
    /** Off the items by automatic promotions and the coupon (total = subtotal - discount + shipping). */
    discount: z.number(),
    discount_cents: z.number().int(),
    promotion_discount_cents: z.number().int(),
    coupon_discount_cents: z.number().int(),
    /** The coupon the order used, upper case; null without one. */
    coupon_code: z.string().nullable(),
    shipping_cost: z.number(),
    shipping_cost_cents: z.number().int(),
    /** The freight a free-shipping coupon or promotion waived (0 when none did). */
    shipping_discount_cents: z.number().int(),
    total: z.number(),
    total_cents: z.number().int(),
    items: z.array(orderItemSchema),
    items_count: z.number().int(),
    bling_id: z.string().nullable(),
    /** Correios code once shipped, and the page where the customer follows it. */
    tracking_code: z.string().nullable(),
    /** The label's carrier when it is not the Correios (Jadlog, Loggi...); null for the Correios. */
    tracking_carrier: z.string().nullable(),
    tracking_url: z.string().nullable(),
    paid_at: z.string().nullable(),
    shipped_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /** Money given back after payment (a withdrawal, a partial refund), oldest first. */
    refunds: z.array(orderRefundSchema),
    refunded_total: z.number(),
    refunded_total_cents: z.number().int(),
    /** Null before any payment was started. */
    payment: orderPaymentSchema.nullable(),
    /** The NF-e's DANFE once authorised (GET /api/orders/{id} only). */
    invoice: shopperInvoiceJsonSchema.nullable().optional(),
    /** Where the parcel went, oldest first (GET /api/orders/{id} only). */
    tracking_events: z.array(trackingEventJsonSchema).optional(),
  })
  .meta({ id: 'Order' });
export type OrderJson = z.infer<typeof orderSchema>;

/** GET /api/orders/{id} (spec 001 §3, Order status response). */
export const orderStatusResponseSchema = z.object({
  id: z.number().int(),
  status: orderStatusSchema,
  payment_status: paymentRowStatusSchema,
  bling_id: z.string().nullable(),
  total: z.number(),
  created_at: z.string(),
  order: orderSchema,
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** payment_info of an order in 'Meus Pedidos' (spec 001 §3). */
export const paymentInfoSchema = z.object({
  can_pay: z.boolean(),
  message: z.string(),
  qr_code: z.string().nullable(),
  ticket_url: z.string().nullable(),
  payment_id: z.number().int().nullable(),
});
export type PaymentInfoJson = z.infer<typeof paymentInfoSchema>;

/** An order in 'Meus Pedidos' (spec 001 §3, Order in list): the total already formatted. */
export const orderListItemSchema = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    created_at: z.string(),
    status: orderStatusSchema,
    payment_status: paymentRowStatusSchema,
    payment_method: z.string(),
    total: z.string(),
    total_cents: z.number().int(),
    /** The coupon the order used; null without one. */
    coupon_code: z.string().nullable(),
    items_count: z.number().int(),
    items: z.array(
      z.object({
        product_name: z.string(),
        /** The variant's values ('Diâmetro': '8 mm'); empty for a product without options. */
        option_values: z.record(z.string(), z.string()),
        image_url: z.string().nullable(),
        quantity: z.number().int(),
        total_price: z.number(),
      }),
    ),
    tracking_code: z.string().nullable(),
    /** The label's carrier when it is not the Correios (Jadlog, Loggi...); null for the Correios. */
    tracking_carrier: z.string().nullable(),
    tracking_url: z.string().nullable(),
    payment_info: paymentInfoSchema,
  })
  .meta({ id: 'OrderInList' });
export type OrderListItemJson = z.infer<typeof orderListItemSchema>;

export const myOrdersResponseSchema = z.object({ orders: z.array(orderListItemSchema) });

/** POST /api/orders/{id}/mercadopago_payment (spec 001 §3, Payment response). */
export const paymentResponseSchema = z
  .object({
    success: z.boolean(),
    payment_id: z.number().int(),
    gateway_payment_id: z.string(),
    status: paymentRowStatusSchema,
    message: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** True when the shop runs in test mode: the PIX page offers 'Simular pagamento'. */
    sandbox: z.boolean(),
    expires_at: z.string(),
    pix_data: z.object({
      qr_code: z.string(),
      /** PNG, base64 without the data: prefix. */
      qr_code_base64: z.string(),
      ticket_url: z.string().nullable(),
    }),
    amount: z.number(),
    pricing: z.object({
      total: z.number(),
      subtotal: z.number(),
      /** Reais off the subtotal by automatic promotions and the coupon (total = subtotal - discount + shipping). */
      discount: z.number().optional(),
      shipping_cost: z.number(),
    }),
    order_summary: z.object({
      order_id: z.number().int(),
      order_number: z.string(),
      items: z.array(
        z.object({
          name: z.string(),
          product_name: z.string(),
          price: z.number(),
          quantity: z.number().int(),
        }),
      ),
      items_count: z.number().int(),
    }),
  })
  .meta({ id: 'PixPayment' });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;
