import { LOGIN_MESSAGES, type LoginRequest } from '@lumina/shared/users/login-schema';
import { AppError } from '../../http/app-error.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { Throttle } from '../security/throttle.ts';
import { normalizeEmail, type UserRepository } from '../users/repository.ts';
import { toUserJson, type UserJson } from '../users/user-json.ts';
import { ipSource } from '../../lib/ip-source.ts';
import { AUTH_LIMITS, loginDelayMs, THROTTLE_MESSAGES, throttleKeys } from './auth-limits.ts';
import type { CaptchaService } from './captcha.ts';
import { verifyDummyPassword, verifyPassword } from './passwords.ts';
import type { RequestMeta, TokenService } from './token-service.ts';

export const CAPTCHA_MESSAGES = {
  required: 'Muitas tentativas. Resolva o captcha para continuar.',
  wrong: 'Captcha incorreto ou expirado. Resolva o novo captcha para continuar.',
} as const;

/** The login answer of spec 000 §7; the routes set the cart fields once the merge ran. */
export interface LoginAnswer {
  user: UserJson;
  access_token: string;
  refresh_token: string;
  cart_migrated: boolean;
  cart_items_count: number;
}

/**
 * The account had too many failed logins: the client must show the captcha. Answered as a 429
 * whose body also carries `captcha_required: true` (auth routes add it).
 */
export class CaptchaRequiredError extends AppError {
  constructor(message: string, code: 'captcha_required' | 'captcha_invalid') {
    super('too_many_requests', message, { code });
    this.name = 'CaptchaRequiredError';
  }
}

function invalidCredentials(): AppError {
  return new AppError('unauthorized', LOGIN_MESSAGES.invalidCredentials, {
    code: 'invalid_credentials',
  });
}

export function createLoginService(deps: {
  users: UserRepository;
  tokens: Pick<TokenService, 'issueSession'>;
  throttle: Throttle;
  captcha: CaptchaService;
  securityLog: SecurityLog;
  /** How a slowed attempt waits (tests record it instead). */
  sleep?: (ms: number) => Promise<void>;
}) {
  const { users, tokens, throttle, captcha, securityLog } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const F = AUTH_LIMITS.captchaAfterFailures;

  return {
    async login(input: LoginRequest, meta: RequestMeta): Promise<LoginAnswer> {
      const email = normalizeEmail(input.email);
      const source = ipSource(meta.ip);
      await throttle.consume(
        [{ key: throttleKeys.loginIp(source), ...AUTH_LIMITS.loginPerIp }],
        THROTTLE_MESSAGES.login,
      );

      // This attempt is counted as a failure from the start, under the keys' locks, so a burst
      // of parallel attempts is counted one by one; a right password takes it back.
      const failuresKey = throttleKeys.loginSourceFailures(email, source);
      const accountKey = throttleKeys.loginFailures(email);
      const attempt = await throttle.take([
        { key: failuresKey, windowMs: F.windowMs },
        { key: accountKey, windowMs: AUTH_LIMITS.accountFailureCeiling.windowMs },
      ]);
      const [failures = 0, accountFailures = 0] = attempt.counts;
      if (failures >= F.max) {
        const refusal =
          input.captcha_token === undefined
            ? new CaptchaRequiredError(CAPTCHA_MESSAGES.required, 'captcha_required')
            : !(await captcha.verify(input.captcha_token))
              ? new CaptchaRequiredError(CAPTCHA_MESSAGES.wrong, 'captcha_invalid')
              : undefined;
        if (refusal) {
          // No password was tried: the attempt is not a failure (the per-source limit counts it).
          await throttle.release(attempt.ids);
          throw refusal;
        }
      }
      // Under attack from everywhere, a source that keeps failing is slowed; the owner, from a
      // source that has not been failing, is not.
      if (failures > 0) await sleep(loginDelayMs(accountFailures));

      // An unknown e-mail and a Google-only account still pay for one password check, so the
      // answer and its timing are those of a wrong password.
      const user = await users.findByEmail(email);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyDummyPassword(input.password);

      if (!user || !valid) {
        await securityLog.record({
          type: 'login_failed',
          severity: 'warning',
          userId: user?.id ?? null,
          ip: meta.ip,
          userAgent: meta.userAgent,
          message: 'Tentativa de login com email ou senha inválidos',
          metadata: { email },
        });
        if (failures + 1 === F.max) {
          await securityLog.record({
            type: 'account_locked',
            severity: 'warning',
            userId: user?.id ?? null,
            ip: meta.ip,
            userAgent: meta.userAgent,
            message: `Login passa a exigir captcha após ${F.max} tentativas falhas em 15 minutos`,
            metadata: { email },
          });
        }
        throw invalidCredentials();
      }

      await throttle.clear(failuresKey);
      await throttle.release(attempt.ids);
      const session = await tokens.issueSession({ id: user.id, role: user.role }, meta);
      await securityLog.record({
        type: 'login_success',
        severity: 'info',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Login realizado com sucesso',
        metadata: { method: 'password' },
      });
      return { user: toUserJson(user), ...session, cart_migrated: false, cart_items_count: 0 };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
