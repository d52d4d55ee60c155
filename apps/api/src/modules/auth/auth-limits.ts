const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Throttling of the account endpoints, counted in the database (modules/security/throttle.ts)
 * so every API process shares them. Failed logins are counted per e-mail whether or not an
 * account exists, so the captcha tells nobody which e-mails are customers.
 */
export const AUTH_LIMITS = {
  /** Failures after which the account's next logins need a captcha (issue 3: 5 in 15 min). */
  captchaAfterFailures: { max: 5, windowMs: 15 * MINUTE },
  /** Every login attempt from one IP, right or wrong. */
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  /** Every login attempt on one e-mail, even with a solved captcha. */
  loginPerAccount: { max: 30, windowMs: HOUR },
  /** Register submissions from one IP (a person fixing form errors sends several). */
  registerPerIp: { max: 30, windowMs: 15 * MINUTE },
  /** Accounts actually created from one IP (the number is ACCOUNTS_PER_IP_HOUR, default 10). */
  accountsPerIp: { windowMs: HOUR },
  /** Wrong current passwords on the change-password form, per account. */
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
  /** Captcha pictures served to one IP. */
  captchaPerIp: { max: 60, windowMs: 15 * MINUTE },
} as const;

export const THROTTLE_MESSAGES = {
  login: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  register: 'Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.',
  changePassword:
    'Muitas tentativas de alteração de senha. Aguarde alguns minutos e tente novamente.',
  captcha: 'Muitos pedidos de captcha. Aguarde alguns minutos e tente novamente.',
} as const;

/** Throttle keys; e-mails are already normalised (trimmed, lower case). */
export const throttleKeys = {
  loginIp: (ip: string) => `login:ip:${ip}`,
  loginAccount: (email: string) => `login:email:${email}`,
  loginFailures: (email: string) => `login-failed:email:${email}`,
  registerIp: (ip: string) => `register:ip:${ip}`,
  accountCreatedIp: (ip: string) => `account-created:ip:${ip}`,
  changePasswordUser: (userId: number) => `change-password:user:${userId}`,
  captchaIp: (ip: string) => `captcha:ip:${ip}`,
};
