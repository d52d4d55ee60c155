import { z } from 'zod';
import { ORDER_PAYMENT_METHODS } from '../payments/payment-methods.ts';
import { systemClock, type Clock } from '../validation/calendar-date.ts';
import { onlyDigits } from '../validation/digits.ts';
import { normalizeName } from '../validation/name.ts';
import { CHECKOUT_EXTRA_MESSAGES, CHECKOUT_MESSAGES } from './checkout-messages.ts';
import { checkoutCustomerIssues, type CheckoutCustomerForm } from './checkout-rules.ts';

// Missing and null fields are left to the ordered rules, so that the first message is always the
// one spec 001 §5 would show; only a value of the wrong type fails here.
const field = z.string({ error: CHECKOUT_MESSAGES.required }).nullish();

const trimmedOrNull = (value: string | null | undefined) => value?.trim() || null;

/**
 * The checkout's customer form (spec 001 §3, §5). Issues come in rule order, so
 * `error.issues[0].message` is the text the page shows. The output is normalised: trimmed text,
 * digits for phone, document and zip, upper-case state, null for empty optional fields.
 */
export function createCheckoutCustomerSchema(clock: Clock = systemClock) {
  return z
    .object({
      customer_name: field,
      customer_email: field,
      customer_phone: field,
      customer_cpf: field,
      customer_birth_date: field,
      customer_street: field,
      customer_number: field,
      customer_neighborhood: field,
      customer_city: field,
      customer_state: field,
      customer_zip_code: field,
      customer_complement: field,
      notes: field,
      // Card and boleto only when the shop offers them: the server checks its configuration.
      payment_method: z
        .enum(ORDER_PAYMENT_METHODS, { error: CHECKOUT_EXTRA_MESSAGES.paymentMethod })
        .default('pix'),
    })
    .superRefine((form: CheckoutCustomerForm, ctx) => {
      for (const issue of checkoutCustomerIssues(form, clock())) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
      }
    })
    .transform((form) => ({
      customer_name: normalizeName(form.customer_name ?? ''),
      customer_email: (form.customer_email ?? '').trim().toLowerCase(),
      customer_phone: onlyDigits(form.customer_phone ?? ''),
      customer_cpf: onlyDigits(form.customer_cpf ?? '') || null,
      customer_birth_date: trimmedOrNull(form.customer_birth_date),
      customer_street: (form.customer_street ?? '').trim(),
      customer_number: (form.customer_number ?? '').trim(),
      customer_neighborhood: (form.customer_neighborhood ?? '').trim(),
      customer_city: (form.customer_city ?? '').trim(),
      customer_state: (form.customer_state ?? '').trim().toUpperCase(),
      customer_zip_code: onlyDigits(form.customer_zip_code ?? ''),
      customer_complement: trimmedOrNull(form.customer_complement),
      notes: trimmedOrNull(form.notes),
      payment_method: form.payment_method,
    }));
}

export const checkoutCustomerSchema = createCheckoutCustomerSchema();

export type CheckoutCustomerInput = z.input<typeof checkoutCustomerSchema>;
export type CheckoutCustomer = z.output<typeof checkoutCustomerSchema>;
