/**
 * The order and payment calls shared by the checkout, the payment pages and the orders tab.
 * Shapes follow spec 001 §3; money comes in reais (numbers) next to integer cents.
 */
import type {
  OrderItemJson,
  OrderJson,
  OrderListItemJson,
  OrderStatusResponse as OrderStatusResponseJson,
  PaymentResponse as PaymentResponseJson,
} from '@lumina/shared/orders/order-schemas';
import { apiRequest } from '../api-client.ts';

/**
 * The spec's pages accept statuses beyond the API's own (an order 'completed', anything unknown
 * read as pending: spec 001 §4), so the web reads the shared shapes with open status strings.
 */
type OpenStatuses<T> = Omit<T, 'status' | 'payment_status'> & {
  status: string;
  payment_status: string;
};

export type PaymentResponse = Omit<PaymentResponseJson, 'status'> & { status: string };
export type PixData = PaymentResponse['pix_data'];
export type OrderItem = OrderItemJson;
export type OrderDetail = OpenStatuses<OrderJson>;
export type OrderStatusResponse = OpenStatuses<Omit<OrderStatusResponseJson, 'order'>> & {
  order: OrderDetail;
};
export type OrderListItem = OpenStatuses<OrderListItemJson>;

export interface CreatePaymentRequest {
  payment_method: 'pix';
  /** The site's origin (spec 001 §7). */
  frontend_url: string;
  cep: string;
}

/** Creates the order's PIX charge, or answers the open one (the PIX page calls it on load too). */
export function createPayment(
  orderId: number,
  body: CreatePaymentRequest,
  signal?: AbortSignal,
): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>(`/orders/${orderId}/mercadopago_payment`, {
    method: 'POST',
    body,
    signal,
  });
}

export function getOrderStatus(
  orderId: number,
  signal?: AbortSignal,
): Promise<OrderStatusResponse> {
  return apiRequest<OrderStatusResponse>(`/orders/${orderId}`, { signal });
}

export function getMyOrders(signal?: AbortSignal): Promise<{ orders: OrderListItem[] }> {
  return apiRequest<{ orders: OrderListItem[] }>('/my_orders', { signal });
}

/** Re-checks every pending PIX payment of the user with the provider. */
export function verifyPendingPix(): Promise<{
  success: boolean;
  message: string;
  updated: number;
}> {
  return apiRequest('/my_orders/verify_pix', { method: 'POST', body: {} });
}

/** Sandbox only: marks the order's open PIX payment as paid (404 outside test mode). */
export function simulatePayment(orderId: number): Promise<{ success: boolean; status: string }> {
  return apiRequest(`/orders/${orderId}/simulate_payment`, { method: 'POST', body: {} });
}
