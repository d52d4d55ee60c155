import { z } from 'zod';

/** A rule returns the message of the first check the value fails, or undefined when it passes. */
export type Rule<T> = (value: T) => string | undefined;

/**
 * Wraps a rule as a zod refinement so the form and the API report the same single message per
 * field, in the rule's own order, instead of every failing check at once.
 */
export function refineWith<T>(rule: Rule<T>) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    const message = rule(value);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message, input: value });
  };
}

/** Required text: any non-string (missing, null, number, array) or blank reports `message`. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

/**
 * Optional text from a form or JSON body: undefined, null and blank all become undefined, so
 * the output is either a trimmed non-empty string or undefined.
 */
export function optionalText(tooLongMessage: string, max: number) {
  return z
    .string()
    .nullish()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.string().max(max, tooLongMessage).optional());
}
