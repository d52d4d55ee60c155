/**
 * The order and payment calls shared by the checkout, the payment pages and the orders tab.
 * Shapes follow spec 001 §3; money comes in reais (numbers) next to integer cents.
 */
import { apiRequest } from '../api-client.ts';

export interface PixData {
  qr_code: string;
  /** PNG, base64 without the data: prefix. */
  qr_code_base64: string;
  ticket_url: string | null;
}

export interface PaymentResponse {
  success: boolean;
  payment_id: number;
  gateway_payment_id: string;
  /** pending, processing, approved, rejected, cancelled or refunded */
  status: string;
  message: string;
  provider: 'pix_builtin' | 'mercadopago';
  /** True when the shop runs in test mode: the PIX page offers 'Simular pagamento'. */
  sandbox: boolean;
  /** When the PIX code stops being payable (ISO). */
  expires_at: string;
  pix_data: PixData;
  amount: number;
  pricing: { total: number; subtotal: number; shipping_cost: number };
  order_summary: {
    order_id: number;
    order_number: string;
    items: { name: string; product_name: string; price: number; quantity: number }[];
    items_count: number;
  };
}

export interface OrderItem {
  id: number;
  product_id: number | null;
  product_name: string;
  name: string;
  category: string | null;
  image_url: string | null;
  quantity: number;
  price: number;
  total_price: number;
}

/** The order inside the status response (GET /api/orders/{id}). */
export interface OrderDetail {
  id: number;
  order_number: string;
  status: string;
  payment_status: string;
  payment_method: string;
  customer_name: string;
  shipping_address: string;
  shipping_name: string | null;
  delivery_days: number | null;
  subtotal: number;
  shipping_cost: number;
  total: number;
  items: OrderItem[];
  items_count: number;
  paid_at: string | null;
  created_at: string;
}

export interface OrderStatusResponse {
  payment_status: string;
  status: string;
  id: number;
  bling_id: string | null;
  total: number;
  created_at: string;
  order: OrderDetail;
}

export interface OrderListItem {
  id: number;
  order_number: string;
  created_at: string;
  status: string;
  payment_status: string;
  payment_method: string;
  /** Already formatted: 'R$ 1.234,56'. */
  total: string;
  total_cents: number;
  items_count: number;
  items: {
    product_name: string;
    image_url: string | null;
    quantity: number;
    total_price: number;
  }[];
  /** Correios code once shipped, and the page where it is pasted to follow the parcel. */
  tracking_code: string | null;
  tracking_url: string | null;
  payment_info: {
    /** A pending PIX order that can still be paid from the list. */
    can_pay: boolean;
    message: string;
    qr_code: string | null;
    ticket_url: string | null;
    payment_id: number | null;
  };
}

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
