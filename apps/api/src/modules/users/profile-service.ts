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
import type { Db } from '../../db/database.ts';
import {
  dropPendingEmailChange,
  type EmailVerificationService,
} from '../email-verification/service.ts';
import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';
import { createUserRepository, normalizeEmail, type UserRepository } from './repository.ts';
import { REGISTER_MESSAGES } from './register-service.ts';
import { toProfileJson, type ProfileUserJson } from './user-json.ts';

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

/** The current password the profile form sends beside the fields when the e-mail changes. */
function currentPasswordOf(body: unknown): string | undefined {
  const parsed = z
    .object({ user: z.looseObject({ current_password: z.string().max(1024).optional() }) })
    .safeParse(body);
  return parsed.success ? parsed.data.user.current_password : undefined;
}

export function createProfileService(deps: {
  db: Db;
  users: UserRepository;
  emailVerification: Pick<EmailVerificationService, 'countLink' | 'queueChange' | 'kick'>;
  tokens: Pick<TokenService, 'revokeOtherSessions'>;
  throttle: Throttle;
  securityLog: SecurityLog;
  now: () => Date;
}) {
  const { db, users, tokens, throttle, securityLog, now, emailVerification } = deps;
  // Only these fields can be edited; role, e-mail verification and the rest are ignored.
  const profileBody = z.object({ user: createProfileSchema(now) });

  /**
   * The owner's password before a sensitive change; wrong ones count against the same limit as
   * the change-password form's, so the profile form cannot be used to guess it either.
   */
  async function checkCurrentPassword(
    user: UserRow,
    password: string | undefined,
    meta: RequestMeta,
  ): Promise<void> {
    if (!user.passwordHash) {
      invalidField('user.current_password', EMAIL_VERIFICATION_MESSAGES.noPassword);
    }
    if (!password) {
      invalidField('user.current_password', EMAIL_VERIFICATION_MESSAGES.currentPasswordRequired);
    }
    await throttle.consume(
      [{ key: throttleKeys.changePasswordUser(user.id), ...AUTH_LIMITS.changePasswordPerUser }],
      THROTTLE_MESSAGES.changePassword,
    );
    if (!(await verifyPassword(user.passwordHash, password))) {
      await securityLog.record({
        type: 'email_change_failed',
        severity: 'warning',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Tentativa de troca de e-mail com a senha atual incorreta',
      });
      invalidField('user.current_password', EMAIL_VERIFICATION_MESSAGES.currentPasswordWrong);
    }
  }

  async function load(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    // The account was deleted after the access token was issued.
    if (!user) throw notAuthenticated();
    return user;
  }

  return {
    async get(userId: number): Promise<ProfileUserJson> {
      return toProfileJson(await load(userId));
    },

    /**
     * Saves the profile. A new e-mail does not take effect here (a session alone must not move
     * the account to another mailbox): it needs the current
     * password, the current address is told, and the new one becomes the account's only when the
     * link sent to it is followed (email-verification). Saving the current e-mail leaves a pending
     * change as it is ('Cancelar troca' drops it: DELETE /api/users/email_change).
     */
    async update(
      auth: AuthUser,
      body: unknown,
      meta: RequestMeta,
    ): Promise<{ user: ProfileUserJson; message: string }> {
      const { user: fields } = parseInput(profileBody, body);
      const current = await load(auth.id);
      const email = normalizeEmail(fields.email);
      const emailChanged = email !== normalizeEmail(current.email);
      if (emailChanged) {
        const owner = await users.findByEmail(email);
        if (owner && owner.id !== current.id) {
          invalidField('user.email', REGISTER_MESSAGES.emailTaken, 'email_taken');
        }
        await checkCurrentPassword(current, currentPasswordOf(body), meta);
        await emailVerification.countLink(current.id);
      }
      const updated = await db.transaction(async (tx) => {
        const row = await createUserRepository(tx).update(
          current.id,
          {
            name: fields.name,
            phone: fields.phone ?? null,
            cpf: fields.cpf ?? null,
            birthDate: fields.birth_date ?? null,
            gender: fields.gender ? GENDER_CODE_BY_PROFILE[fields.gender] : null,
            country: fields.country || current.country,
          },
          now(),
        );
        if (!row) return undefined;
        if (emailChanged) await emailVerification.queueChange(tx, current, email);
        return createUserRepository(tx).findById(current.id);
      });
      if (!updated) throw notAuthenticated();
      if (emailChanged) {
        emailVerification.kick();
        await securityLog.record({
          type: 'email_change_requested',
          severity: 'warning',
          userId: current.id,
          ip: meta.ip,
          userAgent: meta.userAgent,
          message: 'Troca de e-mail pedida; aguarda a confirmação do novo endereço',
          metadata: { from: current.email, to: email },
        });
      }
      return {
        user: toProfileJson(updated),
        message: emailChanged ? EMAIL_VERIFICATION_MESSAGES.changePending : PROFILE_ANSWERS.updated,
      };
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

      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        const at = now();
        await createUserRepository(tx).setPasswordHash(user.id, passwordHash, at);
        await dropPendingEmailChange(tx, user.id, at);
      });
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
