import { z } from 'zod';
import { addressFieldsSchema } from '../addresses/address-schema.ts';
import { optionalBirthDateSchema, registerBirthDateError } from '../validation/birth-date.ts';
import { systemClock, type Clock } from '../validation/calendar-date.ts';
import { optionalCpfSchema } from '../validation/cpf.ts';
import { emailSchema } from '../validation/email.ts';
import { personNameSchema } from '../validation/name.ts';
import { PASSWORD_MESSAGES, registerPasswordError } from '../validation/password.ts';
import { optionalPhoneSchema, PHONE_MESSAGES } from '../validation/phone.ts';
import { refineWith } from '../validation/rule-schema.ts';
import { consentsShape } from './consents.ts';
import { GENDERS } from './gender.ts';

/** Gender is optional: the empty choice of a select means "not told". */
export const optionalGenderSchema = z
  .union([z.enum(GENDERS), z.literal(''), z.null()])
  .optional()
  .transform((value) => value || undefined);

/** POST /api/users/register `user` (spec 000 §5, §7). */
export function createRegisterUserSchema(clock: Clock = systemClock) {
  return z
    .object({
      name: personNameSchema,
      email: emailSchema(),
      password: z
        .string({ error: PASSWORD_MESSAGES.required })
        .superRefine(refineWith(registerPasswordError)),
      password_confirmation: z
        .string({ error: PASSWORD_MESSAGES.confirmationRequired })
        .min(1, PASSWORD_MESSAGES.confirmationRequired),
      cpf: optionalCpfSchema,
      phone: optionalPhoneSchema(PHONE_MESSAGES.register),
      gender: optionalGenderSchema,
      birth_date: optionalBirthDateSchema(registerBirthDateError, clock),
      ...consentsShape,
    })
    .superRefine((user, ctx) => {
      // An empty confirmation already has its own message.
      if (user.password_confirmation !== '' && user.password_confirmation !== user.password) {
        ctx.addIssue({
          code: 'custom',
          message: PASSWORD_MESSAGES.registerMismatch,
          path: ['password_confirmation'],
        });
      }
    });
}

/**
 * The whole register body `{user, address?}`. The address block is validated when present; use
 * `completeAddressOrUndefined` to leave out a half-filled one before sending.
 */
export function createRegisterSchema(clock: Clock = systemClock) {
  return z.object({
    user: createRegisterUserSchema(clock),
    address: addressFieldsSchema.optional(),
  });
}

export const registerSchema = createRegisterSchema();

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterRequest = z.output<typeof registerSchema>;
