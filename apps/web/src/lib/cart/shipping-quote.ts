import { useMutation } from '@tanstack/react-query';
import { SHIPPING_MESSAGES } from '@lumina/shared/checkout/shipping-messages';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import type { ShippingOptionJson } from '@lumina/shared/shipping/shipping-schemas';
import { onlyDigits } from '@lumina/shared/validation/digits';
import { ApiError, apiRequest } from '../api-client.ts';

export type ShippingOption = ShippingOptionJson;

/** The answer's shape, read defensively: an answer without an option is "no option found". */
interface ShippingAnswer {
  success?: boolean;
  data?: { success?: boolean; option?: ShippingOption | null };
}

export interface ShippingRequest {
  cep: string;
  method: ShippingMethod;
  /** The product page quotes its product instead of the cart. */
  productId?: number;
  quantity?: number;
}

class NoShippingOption extends Error {}

/** POST /api/checkout/calculate_shipping (spec 000 §7); logged-in users only. */
async function calculateShipping({
  cep,
  method,
  productId,
  quantity,
}: ShippingRequest): Promise<ShippingOption> {
  const answer = await apiRequest<ShippingAnswer>('/checkout/calculate_shipping', {
    method: 'POST',
    body: { cep: onlyDigits(cep), shipping_method: method, product_id: productId, quantity },
  });
  const option = answer.success && answer.data?.success ? answer.data.option : null;
  if (!option) throw new NoShippingOption(SHIPPING_MESSAGES.noOption);
  return option;
}

/** The server's own words for a refusal (a CEP it does not serve...), else the catalogue's. */
export function shippingErrorMessage(error: unknown): string {
  if (error instanceof NoShippingOption) return SHIPPING_MESSAGES.noOption;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return SHIPPING_MESSAGES.failed;
}

/** '00000-000' while typing; extra digits are dropped. */
export function maskCep(value: string): string {
  const digits = onlyDigits(value).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/**
 * Shipping states of spec 000 §4: idle -> calculating -> result or error. `status` is the
 * mutation's: idle, pending (calculating), success (result) or error.
 */
export function useShippingQuote() {
  return useMutation({ mutationFn: calculateShipping, retry: false });
}
