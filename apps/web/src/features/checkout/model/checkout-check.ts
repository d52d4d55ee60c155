import {
  createCheckoutCustomerSchema,
  type CheckoutCustomer,
} from '@lumina/shared/checkout/checkout-customer-schema';
import { CHECKOUT_MESSAGES } from '@lumina/shared/checkout/checkout-messages';
import type { CheckoutField } from '@lumina/shared/checkout/checkout-rules';
import type { Clock } from '@lumina/shared/validation/calendar-date';
import type { CheckoutFormValues } from './checkout-form-values.ts';

export type CheckoutCheck =
  | { ok: true; customer: CheckoutCustomer }
  /** `field` is the one to focus; absent for the empty cart. */
  | { ok: false; message: string; field?: CheckoutField };

/**
 * Checkout submit rules in spec 001 §5 order: the cart first, then the shared schema, whose first
 * issue is the rule that failed first. The customer comes back normalised for the order.
 */
export function checkCheckout(
  itemCount: number,
  values: CheckoutFormValues,
  clock?: Clock,
): CheckoutCheck {
  if (itemCount === 0) return { ok: false, message: CHECKOUT_MESSAGES.emptyCart };
  const parsed = createCheckoutCustomerSchema(clock).safeParse(values);
  if (parsed.success) return { ok: true, customer: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    message: issue?.message ?? CHECKOUT_MESSAGES.required,
    field: issue?.path[0] as CheckoutField | undefined,
  };
}
