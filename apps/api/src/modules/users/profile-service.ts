import {
  CHANGE_PASSWORD_ERRORS,
  changePasswordSchema,
} from '@lumina/shared/users/change-password-schema';
import { GENDER_CODE_BY_PROFILE } from '@lumina/shared/users/gender';
import { createProfileSchema, PROFILE_MESSAGES } from '@lumina/shared/users/profile-schema';
import { PASSWORD_MESSAGES } from '@lumina/shared/validation/password';
import { z } from 'zod';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import { AUTH_LIMITS, THROTTLE_MESSAGES, throttleKeys } from '../auth/auth-limits.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { RequestMeta, TokenService } from '../auth/token-service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { Throttle } from '../security/throttle.ts';
import { invalidField, parseInput } from './parse-input.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { EMAIL_UNIQUE_INDEX, type UserRepository } from './repository.ts';
import { REGISTER_MESSAGES } from './register-service.ts';
import { toUserJson, type UserJson } from './user-json.ts';

export const PROFILE_ANSWERS = {
  updated: 'Perfil atualizado com sucesso',
  passwordChanged: 'Senha alterada com sucesso',
} as const;

function notAuthenticated(): AppError {
  return new AppError('unauthorized', PROFILE_MESSAGES.notAuthenticated, {
    code: 'not_authenticated',
  });
}

function wrongCurrentPassword(): AppError {
  return new AppError('unauthorized', CHANGE_PASSWORD_ERRORS.wrongCurrent, {
    code: 'wrong_current_password',
  });
}

export function createProfileService(deps: {
  users: UserRepository;
  tokens: Pick<TokenService, 'revokeOtherSessions'>;
  throttle: Throttle;
  securityLog: SecurityLog;
  now: () => Date;
}) {
  const { users, tokens, throttle, securityLog, now } = deps;
  // Only these fields can be edited; role, e-mail verification and the rest are ignored.
  const profileBody = z.object({ user: createProfileSchema(now) });

  async function load(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    // The account was deleted after the access token was issued.
    if (!user) throw notAuthenticated();
    return user;
  }

  return {
    async get(userId: number): Promise<UserJson> {
      return toUserJson(await load(userId));
    },

    async update(auth: AuthUser, body: unknown, meta: RequestMeta): Promise<UserJson> {
      const { user: fields } = parseInput(profileBody, body);
      const current = await load(auth.id);
      const emailChanged = fields.email !== current.email;
      if (emailChanged) {
        const owner = await users.findByEmail(fields.email);
        if (owner && owner.id !== current.id) {
          invalidField('user.email', REGISTER_MESSAGES.emailTaken, 'email_taken');
        }
      }
      let updated: UserRow | undefined;
      try {
        updated = await users.update(
          current.id,
          {
            name: fields.name,
            email: fields.email,
            phone: fields.phone ?? null,
            cpf: fields.cpf ?? null,
            birthDate: fields.birth_date ?? null,
            gender: fields.gender ? GENDER_CODE_BY_PROFILE[fields.gender] : null,
            country: fields.country || current.country,
            // A new address is not verified until its owner proves it (Google, reset link).
            ...(emailChanged ? { emailVerifiedAt: null } : {}),
          },
          now(),
        );
      } catch (error) {
        if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) {
          invalidField('user.email', REGISTER_MESSAGES.emailTaken, 'email_taken');
        }
        throw error;
      }
      if (!updated) throw notAuthenticated();
      if (emailChanged) {
        await securityLog.record({
          type: 'email_changed',
          severity: 'warning',
          userId: current.id,
          ip: meta.ip,
          userAgent: meta.userAgent,
          message: 'Email da conta alterado',
          metadata: { from: current.email, to: updated.email },
        });
      }
      return toUserJson(updated);
    },

    async changePassword(auth: AuthUser, body: unknown, meta: RequestMeta): Promise<void> {
      const input = parseInput(changePasswordSchema, body);
      if (await isCommonPassword(input.new_password)) {
        invalidField('new_password', PASSWORD_MESSAGES.common);
      }

      await throttle.consume(
        [
          {
            key: throttleKeys.changePasswordUser(auth.id),
            ...AUTH_LIMITS.changePasswordPerUser,
          },
        ],
        THROTTLE_MESSAGES.changePassword,
      );
      const user = await load(auth.id);
      const valid = user.passwordHash
        ? await verifyPassword(user.passwordHash, input.current_password)
        : false;
      if (!valid) {
        await securityLog.record({
          type: 'password_change_failed',
          severity: 'warning',
          userId: user.id,
          ip: meta.ip,
          userAgent: meta.userAgent,
          message: 'Tentativa de alteração de senha com a senha atual incorreta',
        });
        throw wrongCurrentPassword();
      }

      await users.setPasswordHash(user.id, await hashPassword(input.new_password), now());
      // Whoever else held a session with the old password is signed out; this one stays.
      await tokens.revokeOtherSessions(user.id, auth.sessionId);
      await securityLog.record({
        type: 'password_changed',
        severity: 'info',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Senha alterada pelo usuário; as outras sessões foram encerradas',
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
