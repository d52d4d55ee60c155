import type { z } from 'zod';

/** Messages of a failed parse keyed by dotted path ('' for the root), first message per path. */
export function messagesByPath(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    messages[key] ??= issue.message;
  }
  return messages;
}

/** The first message of a failed parse, or undefined when the input is accepted. */
export function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}
