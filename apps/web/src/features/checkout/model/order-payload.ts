import { formatAddressLine } from '@lumina/shared/addresses/address-line';
import type { CheckoutCustomer } from '@lumina/shared/checkout/checkout-customer-schema';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import type { OrderCreatePayload } from '../api/create-order.ts';
import type { CheckoutPaymentMethod } from './payment-choice.ts';

/**
 * The order body from the validated customer (spec 001 §3): the one-line address goes into
 * shipping, billing and customer address alike, since the form has one address.
 */
export function orderPayload(
  customer: CheckoutCustomer,
  shippingMethod: ShippingMethod,
  paymentMethod: CheckoutPaymentMethod = 'pix',
  whatsappUpdates = false,
): OrderCreatePayload {
  const line = formatAddressLine({
    street: customer.customer_street,
    number: customer.customer_number,
    complement: customer.customer_complement,
    neighborhood: customer.customer_neighborhood,
    city: customer.customer_city,
    state: customer.customer_state,
    zip_code: customer.customer_zip_code,
  });
  return {
    ...customer,
    payment_method: paymentMethod,
    shipping_method: shippingMethod,
    shipping_address: line,
    billing_address: line,
    customer_address: line,
    // Sent only when asked for: an order without it is the order of before.
    ...(whatsappUpdates ? { whatsapp_updates: true } : {}),
  };
}
