import { formatAddressLine } from '@lumina/shared/addresses/address-line';
import { formatBRL, centsToReais as reais } from '@lumina/shared/format/money';
import type {
  OrderItemJson,
  OrderJson,
  OrderListItemJson,
  PaymentInfoJson,
} from '@lumina/shared/orders/order-schemas';
import { CORREIOS_TRACKING_URL } from '@lumina/shared/orders/tracking-code';
import type { OrderItemRow, OrderRow } from '../../db/schema/orders.ts';
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
    total_price: reais(item.totalCents),
    total_cents: item.totalCents,
    variation_details: item.variationDetails,
    variant_id: item.variantId,
    option_values: item.optionValues,
  };
}

export type { OrderItemJson, OrderJson, PaymentInfoJson };

/** Where the customer follows a shipped parcel (the Correios page, where the code is pasted). */
function trackingUrl(order: OrderRow): string | null {
  return order.trackingCode ? CORREIOS_TRACKING_URL : null;
}

/** An order as its owner (or an administrator) reads it; money in reais and in cents. */
export function toOrderJson(
  order: OrderRow,
  items: OrderItemRow[],
  refunds: readonly RefundRow[] = [],
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
    shipping_cost: reais(order.shippingCents),
    shipping_cost_cents: order.shippingCents,
    total: reais(order.totalCents),
    total_cents: order.totalCents,
    items: items.map(toOrderItemJson),
    items_count: items.reduce((sum, item) => sum + item.quantity, 0),
    bling_id: order.blingId,
    tracking_code: order.trackingCode,
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
    items_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items: items.map((item) => ({
      product_name: item.productName,
      option_values: item.optionValues,
      image_url: item.imageUrl,
      quantity: item.quantity,
      total_price: reais(item.totalCents),
    })),
    tracking_code: order.trackingCode,
    tracking_url: trackingUrl(order),
    payment_info: paymentInfo,
  };
}
