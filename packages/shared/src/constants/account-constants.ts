/**
 * Business constants and limits of spec 001 §9 (checkout, payment, account, admin, privacy).
 * Durations in ms unless the name says otherwise.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const PIX_COUNTDOWN_SECONDS = 1800;

export interface PollSettings {
  intervalMs: number;
  maxChecks: number;
}
export const PIX_POLL: PollSettings = { intervalMs: 10 * SECOND, maxChecks: 36 };
/** Pending page and any other caller that does not choose. */
export const DEFAULT_POLL: PollSettings = { intervalMs: 5 * SECOND, maxChecks: 120 };

export const PAYMENT_METHODS_DELAY_MS = 1 * SECOND;
export const AUTO_SHIPPING_DELAY_MS = 1 * SECOND;

export const NOTES_MAX_LENGTH = 500;

// The spec's password change length (6 to 50) and reset minimum (6) are not used: every new
// password follows the register rule of validation/password.ts (README, deviations).
/** Strength indicator cut-offs: under the first is 'muito fraca', from the second it can be 'forte'. */
export const STRENGTH_CUTOFFS = { weak: 6, strong: 8 } as const;

export const RESET_LINK_VALIDITY_MS = 2 * HOUR;
export const RESET_REDIRECT_DELAY_MS = 2 * SECOND;

export const STATE_LENGTH = 2;

export const PAYMENT_METHODS = ['pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'pix';

export const ADMIN_REQUEST_TIMEOUT_MS = 15_000;
/** Retries on network errors; the wait before retry n is delayMs times n. */
export const ADMIN_RETRIES = { count: 3, delayMs: 1000 } as const;
export const ADMIN_CACHE_MS = {
  products: 5 * MINUTE,
  stats: 2 * MINUTE,
  security: 1 * MINUTE,
} as const;
export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_EXPORT_RANGE_DAYS = 30;
export const ADMIN_SORT_FIELDS = ['id', 'name', 'price', 'category'] as const;
export const ADMIN_FILTERS = ['all', 'bling', 'local', 'pending', 'failed'] as const;
/** List and stats are read again this long after a sync is triggered. */
export const ADMIN_SYNC_REFRESH_DELAY_MS = 2 * SECOND;

export { PRIVACY_RESPONSE_BUSINESS_DAYS } from '../privacy/business-days.ts';
/** Stated in the privacy policy. */
export const DATA_RETENTION = {
  transactionsYears: 5,
  systemLogsMonths: 12,
  accountData: 'enquanto a conta estiver ativa',
  marketingData: 'até a retirada do consentimento',
} as const;
/** Under this age a parent's consent is needed. */
export const MINOR_AGE = 18;

/** TanStack Query staleTime / gcTime of the account and data pages. */
export const DATA_QUERY_CACHE = { staleTimeMs: 5 * MINUTE, gcTimeMs: 10 * MINUTE } as const;

// Phone (10 or 11 digits), zip (8), CPF (11) and maximum age (120) are defined beside their rules:
// validation/phone.ts, validation/cep.ts, validation/cpf.ts, constants/storefront-constants.ts.
