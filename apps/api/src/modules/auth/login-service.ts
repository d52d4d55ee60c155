import { LOGIN_MESSAGES, type LoginRequest } from '@lumina/shared/users/login-schema';
import { AppError } from '../../http/app-error.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { Throttle } from '../security/throttle.ts';
import { normalizeEmail, type UserRepository } from '../users/repository.ts';
import { toUserJson, type UserJson } from '../users/user-json.ts';
import { AUTH_LIMITS, THROTTLE_MESSAGES, throttleKeys } from './auth-limits.ts';
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
}) {
  const { users, tokens, throttle, captcha, securityLog } = deps;
  const F = AUTH_LIMITS.captchaAfterFailures;

  return {
    async login(input: LoginRequest, meta: RequestMeta): Promise<LoginAnswer> {
      const email = normalizeEmail(input.email);
      await throttle.consume(
        [
          { key: throttleKeys.loginIp(meta.ip), ...AUTH_LIMITS.loginPerIp },
          { key: throttleKeys.loginAccount(email), ...AUTH_LIMITS.loginPerAccount },
        ],
        THROTTLE_MESSAGES.login,
      );

      const failuresKey = throttleKeys.loginFailures(email);
      const failures = await throttle.countRecent(failuresKey, F.windowMs);
      if (failures >= F.max) {
        if (input.captcha_token === undefined) {
          throw new CaptchaRequiredError(CAPTCHA_MESSAGES.required, 'captcha_required');
        }
        if (!(await captcha.verify(input.captcha_token))) {
          throw new CaptchaRequiredError(CAPTCHA_MESSAGES.wrong, 'captcha_invalid');
        }
      }

      // An unknown e-mail and a Google-only account still pay for one password check, so the
      // answer and its timing are those of a wrong password.
      const user = await users.findByEmail(email);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyDummyPassword(input.password);

      if (!user || !valid) {
        await throttle.record(failuresKey);
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
