import { z } from 'zod';

export const TRACKING_MESSAGES = {
  required: 'Informe o código de rastreio',
  invalid: 'Código de rastreio inválido. Use o formato dos Correios, por exemplo AA473124829BR.',
} as const;

/** Where a customer follows a parcel (the code is pasted there; REFERENCE.md). */
export const CORREIOS_TRACKING_URL = 'https://rastreamento.correios.com.br/app/index.php';

const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

/** UPU S10 check digit over the 8-digit serial: 11 - (S mod 11), 10 -> 0, 11 -> 5. */
export function s10CheckDigit(serial: string): number {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i += 1) sum += Number(serial[i]) * (WEIGHTS[i] ?? 0);
  const digit = 11 - (sum % 11);
  if (digit === 10) return 0;
  if (digit === 11) return 5;
  return digit;
}

/** Upper case without spaces, as people paste it ('aa 473 124 829 br'). */
export function normalizeTrackingCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** Two service letters, 8 digits, the check digit and BR (Correios domestic codes). */
export function isValidTrackingCode(code: string): boolean {
  const match = /^[A-Z]{2}(\d{8})(\d)BR$/.exec(code);
  if (!match) return false;
  return s10CheckDigit(match[1] ?? '') === Number(match[2]);
}

/** The ship form's field and the API's check: one schema. */
export const trackingCodeSchema = z
  .string({ error: TRACKING_MESSAGES.required })
  .transform(normalizeTrackingCode)
  .refine((code) => code.length > 0, TRACKING_MESSAGES.required)
  .refine((code) => code.length === 0 || isValidTrackingCode(code), TRACKING_MESSAGES.invalid);

export const shipOrderBodySchema = z.object({ tracking_code: trackingCodeSchema });
