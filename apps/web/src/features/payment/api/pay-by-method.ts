import type {
  PayByMethodBody,
  PayByMethodResponse,
} from '@lumina/shared/payments/payment-by-method';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export type PaymentByMethod = PayByMethodResponse['payment'];

/**
 * POST /api/orders/{id}/payments: a card (the token MercadoPago.js made; the card's data never
 * comes here) or the order's boleto. The amount is always the order's, set by the server.
 */
export async function payByMethod(
  orderId: number,
  body: PayByMethodBody,
): Promise<PaymentByMethod> {
  const answer = await apiRequest<PayByMethodResponse>(`/orders/${orderId}/payments`, {
    method: 'POST',
    body,
  });
  return answer.payment;
}

/** A refused card: 422 code payment_rejected with the pt-BR reason (and the payment beside it). */
export function rejectedCardReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'payment_rejected') return null;
  return error.serverMessage ?? null;
}
