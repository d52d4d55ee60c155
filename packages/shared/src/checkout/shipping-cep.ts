import { z } from 'zod';
import { SHIPPING_METHODS } from '../constants/storefront-constants.ts';
import {
  CEP_LENGTH,
  CEP_MESSAGES,
  isRepeatedDigitCep,
  isValidCepInput,
} from '../validation/cep.ts';
import { onlyDigits } from '../validation/digits.ts';
import { refineWith } from '../validation/rule-schema.ts';
import { SHIPPING_MESSAGES } from './shipping-messages.ts';

export { SHIPPING_MESSAGES } from './shipping-messages.ts';

/** The checkout's shipping calculator: 8 digits, then not one digit repeated (spec 001 §5). */
export function shippingCepError(value: string): string | undefined {
  if (!isValidCepInput(value)) return CEP_MESSAGES.shipping;
  if (isRepeatedDigitCep(value)) return CEP_MESSAGES.checkout;
  return undefined;
}

/** The cart's calculate button is enabled only with 8 digits (spec 000 §5). */
export function canCalculateShipping(cep: string): boolean {
  return onlyDigits(cep).length === CEP_LENGTH;
}

export const shippingCepSchema = z
  .string({ error: CEP_MESSAGES.shipping })
  .superRefine(refineWith(shippingCepError))
  .transform(onlyDigits);

/** POST /api/carts/calculate_shipping and /api/checkout/calculate_shipping bodies. */
export const shippingMethodSchema = z
  .enum(SHIPPING_METHODS, { error: SHIPPING_MESSAGES.unknownMethod })
  .default('pac');
