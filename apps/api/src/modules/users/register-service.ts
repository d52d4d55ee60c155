import { completeAddressOrUndefined } from '@lumina/shared/addresses/address-schema';
import { addressFieldsSchema } from '@lumina/shared/addresses/address-schema';
import { createRegisterUserSchema } from '@lumina/shared/users/register-schema';
import { PASSWORD_MESSAGES } from '@lumina/shared/validation/password';
import type { RegisterAnswer } from '@lumina/shared/users/user-json';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createAddressRepository } from '../addresses/repository.ts';
import { toAddressJson } from '../addresses/service.ts';
import { AUTH_LIMITS, THROTTLE_MESSAGES, throttleKeys } from '../auth/auth-limits.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { RequestMeta, TokenService } from '../auth/token-service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { Throttle } from '../security/throttle.ts';
import { invalidField, parseInput } from './parse-input.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { createUserRepository, EMAIL_UNIQUE_INDEX } from './repository.ts';
import { toUserJson } from './user-json.ts';
import type { EmailVerificationService } from '../email-verification/service.ts';

/** Version of the privacy policy and terms the register form shows (privacy page, 2025). */
export const POLICY_VERSION = '1.0';

export const REGISTER_MESSAGES = {
  emailTaken: 'Email já está em uso',
  created: 'Conta criada com sucesso',
} as const;

/**
 * The register body with the form's own schemas. A half-filled address block is dropped before
 * validation, as the form itself does (spec 000 §5: the address goes only when complete).
 */
function createServerRegisterSchema(clock: () => Date) {
  return z.object({
    user: createRegisterUserSchema(clock),
    address: z.preprocess(
      (value) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? completeAddressOrUndefined(value as Record<string, unknown>)
          : (value ?? undefined),
      addressFieldsSchema.optional(),
    ),
  });
}

export function createRegisterService(deps: {
  db: Db;
  tokens: Pick<TokenService, 'issueSession'>;
  throttle: Throttle;
  securityLog: SecurityLog;
  now: () => Date;
  /** Accounts one IP may create in an hour (ACCOUNTS_PER_IP_HOUR). */
  accountsPerIpHour: number;
  /** The confirmation link that proves the address, queued with the account. */
  emailVerification: Pick<EmailVerificationService, 'queueVerification' | 'kick'>;
}) {
  const { db, tokens, throttle, securityLog, now } = deps;
  const schema = createServerRegisterSchema(now);
  const users = createUserRepository(db);

  return {
    async register(body: unknown, meta: RequestMeta): Promise<RegisterAnswer> {
      await throttle.consume(
        [{ key: throttleKeys.registerIp(meta.ip), ...AUTH_LIMITS.registerPerIp }],
        THROTTLE_MESSAGES.register,
      );
      const input = parseInput(schema, body);
      const { user: fields, address } = input;
      if (await isCommonPassword(fields.password)) {
        invalidField('user.password', PASSWORD_MESSAGES.common);
      }

      if (await users.findByEmail(fields.email)) {
        invalidField('user.email', REGISTER_MESSAGES.emailTaken, 'email_taken');
      }
      // The account is counted before it exists, under the key's lock, so parallel submissions
      // cannot all slip under the limit; a registration that fails takes its count back.
      const slot = await throttle.take([
        {
          key: throttleKeys.accountCreatedIp(meta.ip),
          windowMs: AUTH_LIMITS.accountsPerIp.windowMs,
        },
      ]);
      if ((slot.counts[0] ?? 0) >= deps.accountsPerIpHour) {
        await throttle.release(slot.ids);
        throw new AppError('too_many_requests', THROTTLE_MESSAGES.register, { code: 'throttled' });
      }

      const passwordHash = await hashPassword(fields.password);
      const at = now();
      let result;
      try {
        result = await db.transaction(async (tx) => {
          const txUsers = createUserRepository(tx);
          const user = await txUsers.create({
            email: fields.email,
            name: fields.name,
            passwordHash,
            cpf: fields.cpf ?? null,
            phone: fields.phone ?? null,
            gender: fields.gender ?? null,
            birthDate: fields.birth_date ?? null,
            privacyPolicyAccepted: fields.privacy_policy_accepted,
            termsOfServiceAccepted: fields.terms_of_service_accepted,
            marketingConsent: fields.marketing_consent,
            dataProcessingConsent: fields.data_processing_consent,
            createdAt: at,
            updatedAt: at,
          });
          await txUsers.recordConsents(
            user.id,
            [
              { consent: 'privacy_policy', accepted: fields.privacy_policy_accepted },
              { consent: 'terms_of_service', accepted: fields.terms_of_service_accepted },
              { consent: 'marketing', accepted: fields.marketing_consent },
              { consent: 'data_processing', accepted: fields.data_processing_consent },
            ],
            { policyVersion: POLICY_VERSION, ip: meta.ip, userAgent: meta.userAgent },
            at,
          );
          const addressRow = address
            ? await createAddressRepository(tx).insert(
                user.id,
                {
                  name: address.name,
                  street: address.street,
                  number: address.number,
                  complement: address.complement ?? null,
                  neighborhood: address.neighborhood,
                  city: address.city,
                  state: address.state,
                  zipCode: address.zip_code,
                },
                true,
                at,
              )
            : undefined;
          await deps.emailVerification.queueVerification(tx, user);
          return { user, addressRow };
        });
      } catch (error) {
        await throttle.release(slot.ids);
        // Two registrations of one e-mail at the same instant: the index decides.
        if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) {
          invalidField('user.email', REGISTER_MESSAGES.emailTaken, 'email_taken');
        }
        throw error;
      }

      const { user, addressRow } = result;
      deps.emailVerification.kick();
      const session = await tokens.issueSession({ id: user.id, role: user.role }, meta);
      await securityLog.record({
        type: 'user_registered',
        severity: 'info',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Conta criada',
        metadata: { with_address: addressRow !== undefined },
      });
      return {
        user: toUserJson(user),
        address: addressRow ? toAddressJson(addressRow) : null,
        token: session.access_token,
        ...session,
        cart_migrated: false,
        cart_items_count: 0,
      };
    },
  };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
