import { formatAddressLine } from '@lumina/shared/addresses/address-line';
import { formatBRL, centsToReais as reais } from '@lumina/shared/format/money';
import type {
  OrderItemJson,
  OrderJson,
  OrderListItemJson,
  OrderPaymentJson,
  PaymentInfoJson,
} from '@lumina/shared/orders/order-schemas';
import {
  paymentMethodLabel,
  type PaymentMethodFacts,
} from '@lumina/shared/payments/payment-labels';
import { trackingUrlOf } from '@lumina/shared/fulfilment/label-tracking';
import type { OrderItemRow, OrderRow, PaymentRow } from '../../db/schema/orders.ts';
import type { RefundRow } from '../../db/schema/refunds.ts';

export function toOrderItemJson(item: OrderItemRow): OrderItemJson {
  return {
    id: item.id,
    product_id: item.productId,
    product_name: item.productName,
    name: item.productName,
    sku: item.sku,
    category: item.category,
    image_url: item.imageUrl,
    quantity: item.quantity,
    price: reais(item.unitPriceCents),
    unit_price_cents: item.unitPriceCents,
    list_price: reais(item.listPriceCents),
    pix_price: reais(item.pixPriceCents),
    pix_price_cents: item.pixPriceCents,
    promotion_discount_cents: item.promotionDiscountCents,
    coupon_discount_cents: item.couponDiscountCents,
    total_price: reais(item.totalCents),
    total_cents: item.totalCents,
    variation_details: item.variationDetails,
    variant_id: item.variantId,
    option_values: item.optionValues,
  };
}

export type { OrderItemJson, OrderJson, PaymentInfoJson };

/**
 * The payment an order is read by: the one that paid it (approved, or refunded since), else its
 * latest attempt. `rows` newest first, as the payments repository lists them.
 */
export function paymentOfRecord(rows: readonly PaymentRow[]): PaymentRow | null {
  return (
    rows.find((row) => row.status === 'approved' || row.status === 'refunded') ?? rows[0] ?? null
  );
}

/**
 * What the shared labels (payment-labels.ts) read of a payment, for the page, the panel, the
 * e-mails and Bling alike: of a card, its brand and last four digits only.
 */
export function paymentMethodFactsOf(payment: PaymentRow): PaymentMethodFacts {
  const card = payment.method === 'card';
  return {
    method: payment.method,
    installments: card ? payment.installments : null,
    card_brand: card ? payment.cardBrand : null,
    card_last_four: card ? payment.cardLastFour : null,
  };
}

/** The method's line and facts, its status, and an open boleto's line, PDF and due date. */
export function toOrderPaymentJson(payment: PaymentRow): OrderPaymentJson {
  const facts = paymentMethodFactsOf(payment);
  const openBoleto = payment.method === 'boleto' && payment.status === 'pending';
  return {
    ...facts,
    label: paymentMethodLabel(facts),
    status: payment.status,
    status_detail: payment.statusDetail,
    paid_at: payment.approvedAt?.toISOString() ?? null,
    boleto: openBoleto
      ? {
          digitable_line: payment.boletoDigitableLine,
          pdf_url: payment.boletoUrl,
          due_date: payment.boletoDueAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** Where the customer follows a shipped parcel: the Correios page, or its label carrier's. */
function trackingUrl(order: OrderRow): string | null {
  return trackingUrlOf(order.trackingCode, order.trackingCarrier);
}

/** An order as its owner (or an administrator) reads it; money in reais and in cents. */
export function toOrderJson(
  order: OrderRow,
  items: OrderItemRow[],
  refunds: readonly RefundRow[] = [],
  payment: PaymentRow | null = null,
): OrderJson {
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  const address = order.shippingAddress;
  const line = formatAddressLine({ ...address, zip_code: address.zipCode });
  return {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    customer_phone: order.customerPhone,
    customer_cpf: order.customerCpf,
    customer_birth_date: order.customerBirthDate,
    shipping_address: line,
    billing_address: line,
    customer_address: line,
    address: {
      street: address.street,
      number: address.number,
      complement: address.complement,
      neighborhood: address.neighborhood,
      city: address.city,
      state: address.state,
      zip_code: address.zipCode,
    },
    notes: order.notes,
    shipping_method: order.shippingMethod,
    shipping_name: order.shippingName,
    delivery_days: order.shippingDeliveryDays,
    subtotal: reais(order.subtotalCents),
    subtotal_cents: order.subtotalCents,
    discount: reais(order.discountCents),
    discount_cents: order.discountCents,
    promotion_discount_cents: items.reduce((sum, item) => sum + item.promotionDiscountCents, 0),
    coupon_discount_cents: items.reduce((sum, item) => sum + item.couponDiscountCents, 0),
    coupon_code: order.couponCode,
    shipping_discount_cents: order.shippingDiscountCents,
    shipping_cost: reais(order.shippingCents),
    shipping_cost_cents: order.shippingCents,
    total: reais(order.totalCents),
    total_cents: order.totalCents,
    items: items.map(toOrderItemJson),
    items_count: items.reduce((sum, item) => sum + item.quantity, 0),
    bling_id: order.blingId,
    tracking_code: order.trackingCode,
    tracking_carrier: order.trackingCarrier,
    tracking_url: trackingUrl(order),
    paid_at: order.paidAt?.toISOString() ?? null,
    shipped_at: order.shippedAt?.toISOString() ?? null,
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: reais(refund.amountCents),
      amount_cents: refund.amountCents,
      method: refund.method,
      return_id: refund.returnId,
      created_at: (refund.completedAt ?? refund.createdAt).toISOString(),
    })),
    refunded_total: reais(refundedCents),
    refunded_total_cents: refundedCents,
    payment: payment ? toOrderPaymentJson(payment) : null,
  };
}

/** An order in 'Meus Pedidos' (spec 001 §3, Order in list): the total already formatted. */
export function toOrderListJson(
  order: OrderRow,
  items: OrderItemRow[],
  paymentInfo: PaymentInfoJson,
): OrderListItemJson {
  return {
    id: order.id,
    order_number: order.orderNumber,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    total: formatBRL(order.totalCents),
    total_cents: order.totalCents,
    coupon_code: order.couponCode,
    items_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items: items.map((item) => ({
      product_name: item.productName,
      option_values: item.optionValues,
      image_url: item.imageUrl,
      quantity: item.quantity,
      total_price: reais(item.totalCents),
    })),
    tracking_code: order.trackingCode,
    tracking_carrier: order.trackingCarrier,
    tracking_url: trackingUrl(order),
    payment_info: paymentInfo,
  };
}
