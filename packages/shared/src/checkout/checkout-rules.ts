import { ADDRESS_LIMITS } from '../addresses/address-schema.ts';
import { isStateCode } from '../addresses/brazil-states.ts';
import { NOTES_MAX_LENGTH } from '../constants/account-constants.ts';
import { profileBirthDateError } from '../validation/birth-date.ts';
import { isRepeatedDigitCep, isValidCepInput } from '../validation/cep.ts';
import { isValidCnpj } from '../validation/cnpj.ts';
import { isValidCpf } from '../validation/cpf.ts';
import { EMAIL_MAX, isValidEmail } from '../validation/email.ts';
import { NAME_MAX } from '../validation/name.ts';
import { isValidPhone } from '../validation/phone.ts';
import { CHECKOUT_EXTRA_MESSAGES, CHECKOUT_MESSAGES } from './checkout-messages.ts';

/** The customer form as typed; any field may be missing or null before validation. */
export interface CheckoutCustomerForm {
  customer_name?: string | null;
  customer_email?: string | null;
  customer_phone?: string | null;
  customer_cpf?: string | null;
  customer_birth_date?: string | null;
  customer_street?: string | null;
  customer_number?: string | null;
  customer_neighborhood?: string | null;
  customer_city?: string | null;
  customer_state?: string | null;
  customer_zip_code?: string | null;
  customer_complement?: string | null;
  notes?: string | null;
}

export type CheckoutField = keyof CheckoutCustomerForm;

export interface CheckoutIssue {
  field: CheckoutField;
  message: string;
}

export const CHECKOUT_REQUIRED_FIELDS = [
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_street',
  'customer_number',
  'customer_neighborhood',
  'customer_city',
  'customer_state',
  'customer_zip_code',
] as const satisfies readonly CheckoutField[];

const MAX_LENGTHS: Partial<Record<CheckoutField, number>> = {
  customer_name: NAME_MAX,
  customer_email: EMAIL_MAX,
  customer_street: ADDRESS_LIMITS.street,
  customer_number: ADDRESS_LIMITS.number,
  customer_neighborhood: ADDRESS_LIMITS.neighborhood,
  customer_city: ADDRESS_LIMITS.city,
  customer_complement: ADDRESS_LIMITS.complement,
};

const PHONE_INPUT = /^[\d()\-\s]*$/;
// CPF mask 000.000.000-00 or CNPJ mask 00.000.000/0000-00.
const DOCUMENT_INPUT = /^[\d.\-/\s]*$/;

function text(form: CheckoutCustomerForm, field: CheckoutField): string {
  return form[field]?.trim() ?? '';
}

/**
 * Every failing rule of the customer form, ordered as spec 001 §5 checks them (required, e-mail,
 * phone, zip), then the rules we add. The first issue is the message the page shows.
 */
export function checkoutCustomerIssues(form: CheckoutCustomerForm, today: Date): CheckoutIssue[] {
  const issues: CheckoutIssue[] = [];
  const add = (field: CheckoutField, message: string) => issues.push({ field, message });
  const M = CHECKOUT_MESSAGES;
  const X = CHECKOUT_EXTRA_MESSAGES;

  for (const field of CHECKOUT_REQUIRED_FIELDS) {
    if (text(form, field) === '') add(field, M.required);
  }
  const filled = (field: CheckoutField) => text(form, field) !== '';

  if (filled('customer_email') && !isValidEmail(text(form, 'customer_email'))) {
    add('customer_email', M.email);
  }
  const phone = text(form, 'customer_phone');
  if (filled('customer_phone') && !(PHONE_INPUT.test(phone) && isValidPhone(phone))) {
    add('customer_phone', M.phone);
  }
  const zip = text(form, 'customer_zip_code');
  // A one-repeated-digit CEP is refused here too: no such CEP exists and no carrier quotes it.
  if (filled('customer_zip_code') && (!isValidCepInput(zip) || isRepeatedDigitCep(zip))) {
    add('customer_zip_code', M.zip);
  }

  if (filled('customer_state') && !isStateCode(text(form, 'customer_state').toUpperCase())) {
    add('customer_state', X.state);
  }
  const document = text(form, 'customer_cpf');
  const validDocument = isValidCpf(document) || isValidCnpj(document);
  if (document !== '' && !(DOCUMENT_INPUT.test(document) && validDocument)) {
    add('customer_cpf', X.document);
  }
  const birthDate = text(form, 'customer_birth_date');
  if (birthDate !== '' && profileBirthDateError(birthDate, today) !== undefined) {
    add('customer_birth_date', X.birthDate);
  }
  if (text(form, 'notes').length > NOTES_MAX_LENGTH) add('notes', X.notes);
  for (const [field, max] of Object.entries(MAX_LENGTHS) as [CheckoutField, number][]) {
    if (text(form, field).length > max) add(field, X.tooLong);
  }
  return issues;
}

/** The one message the checkout shows, or undefined when the form may be submitted. */
export function checkoutCustomerError(form: CheckoutCustomerForm, today: Date): string | undefined {
  return checkoutCustomerIssues(form, today)[0]?.message;
}
