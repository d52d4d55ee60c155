import type { OrderPaymentMethod } from '@lumina/shared/payments/payment-methods';
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';

/** How the shopper pays the order: POST /api/orders' `payment_method`. */
export type CheckoutPaymentMethod = OrderPaymentMethod;

/** The methods the shop is configured for (GET /api/store's `payments`): PIX always. */
export function availableMethods(
  store: Pick<PublicStoreJson, 'payments'> | undefined,
): Record<CheckoutPaymentMethod, boolean> {
  return {
    pix: true,
    card: Boolean(store?.payments.card),
    boleto: Boolean(store?.payments.boleto),
  };
}

/** Where the shopper pays once the order exists: the PIX page makes its charge on load. */
export function paymentPagePath(method: Exclude<CheckoutPaymentMethod, 'pix'>, orderId: number) {
  return `/payment-${method}?order_id=${orderId}`;
}
