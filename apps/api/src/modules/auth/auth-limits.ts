import type { ThrottleKeyMatch } from '../security/throttle.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Throttling of the account endpoints, counted in the database (modules/security/throttle.ts)
 * so every API process shares them. Failed logins are counted per e-mail whether or not an
 * account exists, so the captcha tells nobody which e-mails are customers. A source is an IPv4
 * address or an IPv6 /64 (lib/ip-source.ts).
 *
 * Nothing here locks an account: what a stranger does from elsewhere never stops the owner
 * (else anyone could lock the owner out). Failures count per account and source; past a ceiling
 * across all sources, the
 * sources that keep failing are slowed, and a right password from a source that has not been
 * failing goes through at once.
 */
export const AUTH_LIMITS = {
  /**
   * Failures on one account from one source after which that source needs a captcha for the
   * account (5 in 15 minutes).
   */
  captchaAfterFailures: { max: 5, windowMs: 15 * MINUTE },
  /** Every login attempt from one source, right or wrong. */
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  /**
   * Failures on one account from every source past which a failing source waits before each
   * attempt: LOGIN_DELAY_STEP_MS more per failure past the ceiling, up to LOGIN_DELAY_MAX_MS.
   */
  accountFailureCeiling: { max: 20, windowMs: HOUR },
  /** Register submissions from one IP (a person fixing form errors sends several). */
  registerPerIp: { max: 30, windowMs: 15 * MINUTE },
  /** Accounts actually created from one IP (the number is ACCOUNTS_PER_IP_HOUR, default 10). */
  accountsPerIp: { windowMs: HOUR },
  /** Wrong current passwords on the change-password form, per account. */
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
  /** Captcha challenges served to one IP. */
  captchaPerIp: { max: 60, windowMs: 15 * MINUTE },
} as const;

export const THROTTLE_MESSAGES = {
  login: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  register: 'Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.',
  changePassword:
    'Muitas tentativas de alteração de senha. Aguarde alguns minutos e tente novamente.',
  captcha: 'Muitos pedidos de captcha. Aguarde alguns minutos e tente novamente.',
} as const;

export const LOGIN_DELAY_STEP_MS = 500;
export const LOGIN_DELAY_MAX_MS = 10_000;

/** How long a failing source waits when the account has had `failures` from everywhere. */
export function loginDelayMs(failures: number): number {
  const past = failures - AUTH_LIMITS.accountFailureCeiling.max + 1;
  return past <= 0 ? 0 : Math.min(past * LOGIN_DELAY_STEP_MS, LOGIN_DELAY_MAX_MS);
}

/**
 * Throttle keys; e-mails are already normalised (trimmed, lower case), sources come from
 * ipSource. Keys that hold an e-mail are listed by loginThrottleKeysOf (LGPD erasure).
 */
export const throttleKeys = {
  loginIp: (source: string) => `login:ip:${source}`,
  /** Failures on one account from one source. */
  loginSourceFailures: (email: string, source: string) =>
    `login-failed:source:${source}:email:${email}`,
  /** Failures on one account from every source. */
  loginFailures: (email: string) => `login-failed:email:${email}`,
  registerIp: (ip: string) => `register:ip:${ip}`,
  accountCreatedIp: (ip: string) => `account-created:ip:${ip}`,
  changePasswordUser: (userId: number) => `change-password:user:${userId}`,
  captchaIp: (ip: string) => `captcha:ip:${ip}`,
};

/** The login counters of one e-mail, from every source, for LGPD erasure. */
export function loginThrottleKeysOf(email: string): ThrottleKeyMatch[] {
  return [
    { key: throttleKeys.loginFailures(email) },
    { prefix: 'login-failed:source:', suffix: `:email:${email}` },
  ];
}
