import { PAYMENT_ERRORS } from '@lumina/shared/payments/pix-texts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createPayment, type PaymentResponse } from '../../../lib/payment/payment-api.ts';

async function loadPixPayment(orderId: number, signal: AbortSignal): Promise<PaymentResponse> {
  const payment = await createPayment(
    orderId,
    { payment_method: 'pix', frontend_url: window.location.origin, cep: '' },
    signal,
  );
  if (!payment.success) throw new Error(payment.message || PAYMENT_ERRORS.invalidResponse);
  // Typed as always present, but a provider hiccup can leave it out.
  if (!payment.pix_data?.qr_code) throw new Error(PAYMENT_ERRORS.missingPixData);
  return payment;
}

/**
 * The PIX page asks for the payment again on load (spec 001 §4); the server answers the open
 * charge rather than creating another, so a query read once and never refetched fits.
 */
export function pixPaymentQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ['payment', 'pix', orderId] as const,
    queryFn: ({ signal }) => loadPixPayment(orderId, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** `orderId` null (missing in the address): nothing is asked. */
export function usePixPayment(orderId: number | null) {
  return useQuery({ ...pixPaymentQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
