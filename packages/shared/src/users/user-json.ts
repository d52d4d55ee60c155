import { z } from 'zod';

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
    email_verified: z.boolean(),
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
