import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';
import { profileSchema } from '@lumina/shared/users/profile-schema';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The shared profile rules, and the current password a new e-mail needs (not just a session). */
export const profileFormSchema = profileSchema.extend({
  current_password: z.string().max(1024).optional(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

/** PUT /api/users/profile `{user}`: the fields, and the current password when the e-mail changes. */
export type ProfileChange = z.output<typeof profileSchema> & { current_password?: string };

/** Whether `email` would move the account to another address (the API compares them so). */
export function emailChanges(email: unknown, currentEmail: string): boolean {
  return (
    typeof email === 'string' && email.trim().toLowerCase() !== currentEmail.trim().toLowerCase()
  );
}

/**
 * What a new e-mail still lacks: the current password, or a password at all (an account made
 * with Google creates one first). The API checks the same; asking here spares a round trip.
 */
function newEmailProblem(
  values: ProfileFormInput,
  account: { email: string; has_password: boolean },
): { field: 'email' | 'current_password'; message: string } | null {
  if (!emailChanges(values.email, account.email)) return null;
  if (!account.has_password) {
    return { field: 'email', message: EMAIL_VERIFICATION_MESSAGES.noPassword };
  }
  if (values.current_password) return null;
  return {
    field: 'current_password',
    message: EMAIL_VERIFICATION_MESSAGES.currentPasswordRequired,
  };
}

/**
 * The schema's resolver plus the rule above, which depends on the account. It is added beside
 * the other failing fields (the form lists every rule at once), not after them as an object
 * refinement would be, but only for a valid e-mail: a typo is not yet a change of address.
 */
export function profileFormResolver(account: {
  email: string;
  has_password: boolean;
}): Resolver<ProfileFormInput, unknown, ProfileFormOutput> {
  const resolve = zodResolver(profileFormSchema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const problem = newEmailProblem(values, account);
    if (!problem || result.errors.email) return result;
    const errors: FieldErrors<ProfileFormInput> = {
      ...result.errors,
      [problem.field]: { type: 'validate', message: problem.message },
    };
    return { values: {}, errors };
  };
}
