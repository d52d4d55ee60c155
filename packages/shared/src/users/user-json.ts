import { z } from 'zod';
import { addressJsonSchema } from '../addresses/address-json.ts';
import { PERMISSIONS, STAFF_ROLES } from '../admin/staff-roles.ts';
import { PROFILE_GENDERS } from './gender.ts';

/**
 * A user as the API answers it (login, register, profile; spec 000 §3, 001 §3). The API builds it
 * field by field and serialises with this schema, so a column not listed here never leaves it.
 */
export const userJsonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    cpf: z.string().nullable(),
    phone: z.string().nullable(),
    /** M, F or O (spec 000); the profile form shows the word. */
    gender: z.enum(['M', 'F', 'O']).nullable(),
    /** YYYY-MM-DD */
    birth_date: z.string().nullable(),
    country: z.string(),
    role: z.enum(['customer', 'admin']),
    /** Which kind of staff member an admin is; null for customers. */
    staff_role: z.enum(STAFF_ROLES).nullable(),
    /** What the staff role may do (admin/staff-roles.ts), for the panel to show; [] for customers. */
    permissions: z.array(z.enum(PERMISSIONS)),
    email_verified: z.boolean(),
    /** A new address waiting for its confirmation link; `email` stays until it is proven. */
    pending_email: z.string().nullable(),
    has_password: z.boolean(),
    google_linked: z.boolean(),
    privacy_policy_accepted: z.boolean(),
    terms_of_service_accepted: z.boolean(),
    marketing_consent: z.boolean(),
    data_processing_consent: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type UserJson = z.infer<typeof userJsonSchema>;

/** POST /api/auth/login and POST /api/auth/google/exchange. */
export const loginAnswerSchema = z.object({
  user: userJsonSchema,
  access_token: z.string(),
  refresh_token: z.string(),
  /** Whether the visitor's anonymous cart moved into the account, and how many units. */
  cart_migrated: z.boolean(),
  cart_items_count: z.number().int(),
  /**
   * Google sign-in only: something the person must read once signed in (pt-BR), e.g. that the
   * password of an unconfirmed account with their address was revoked (its setter never proved
   * the mailbox).
   */
  notice: z.string().optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/users/register: the login answer, the saved address and the spec's `token`. */
export const registerAnswerSchema = z.object({
  user: userJsonSchema,
  address: addressJsonSchema.nullable(),
  /** The access token under the spec's name; the pair is also given under the login names. */
  token: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  cart_migrated: z.boolean(),
  cart_items_count: z.number().int(),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/**
 * The user as the profile answers it (GET and PUT /api/users/profile): the gender as the word
 * the profile edit accepts (spec 001 §3: masculino, feminino, outro), so an answer can be sent
 * back as it came. Login and register keep the one-letter code of spec 000.
 */
export const profileUserSchema = userJsonSchema
  .extend({ gender: z.enum(PROFILE_GENDERS).nullable() })
  .meta({ id: 'ProfileUser' });
export type ProfileUserJson = z.infer<typeof profileUserSchema>;

/** GET /api/users/profile. */
export const profileResponseSchema = z.object({
  success: z.literal(true),
  user: profileUserSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** PUT /api/users/profile. */
export const profileUpdateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: profileUserSchema,
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** A done action with its pt-BR message (password change, logout...). */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;
