import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import type { CheckoutPaymentMethod } from '../model/payment-choice.ts';

/** The order part of POST /api/orders (spec 001 §3, Order create payload). */
export interface OrderCreatePayload {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_cpf: string | null;
  customer_birth_date: string | null;
  customer_street: string;
  customer_number: string;
  customer_complement: string | null;
  customer_neighborhood: string;
  customer_city: string;
  customer_state: string;
  customer_zip_code: string;
  notes: string | null;
  /** Card and boleto orders are priced at the list price, PIX ones with its discount. */
  payment_method: CheckoutPaymentMethod;
  shipping_method: ShippingMethod;
  shipping_address: string;
  billing_address: string;
  customer_address: string;
  /** The order updates by WhatsApp, to customer_phone (a mobile); only while the shop sends them. */
  whatsapp_updates?: boolean;
}

/** What the checkout reads of the created order; the rest of the answer is the PIX page's. */
export interface CreatedOrder {
  id: number;
  order_number: string;
  total: number;
}

/**
 * POST /api/orders. The Idempotency-Key makes a repeated submission answer the order the first
 * one made instead of creating a second (apps/api/src/modules/orders/service.ts).
 */
export async function createOrder(
  order: OrderCreatePayload,
  idempotencyKey: string,
): Promise<CreatedOrder> {
  const answer = await apiRequest<{ order?: Partial<CreatedOrder> }>('/orders', {
    method: 'POST',
    body: { order },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const created = answer.order;
  if (!created || !Number.isInteger(created.id)) {
    throw new ApiError('Formato de resposta inválido da API', 200);
  }
  return {
    id: created.id!,
    order_number: created.order_number ?? String(created.id),
    total: created.total ?? 0,
  };
}
