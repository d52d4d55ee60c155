/**
 * How an order is paid. PIX is the spec's and always offered; a card (in instalments) and a
 * boleto go through MercadoPago when the shop turned them on. The order's prices follow the
 * method (Lei 13.455/2017 lets them differ when shown): PIX prices for PIX, list prices else.
 */
export const ORDER_PAYMENT_METHODS = ['pix', 'card', 'boleto'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/** Whether the method pays the PIX price (the PIX discount is for PIX only). */
export function paysPixPrice(method: OrderPaymentMethod): boolean {
  return method === 'pix';
}

export const PAYMENT_METHOD_MESSAGES = {
  cardUnavailable: 'Pagamento com cartão indisponível',
  boletoUnavailable: 'Pagamento com boleto indisponível',
} as const;
