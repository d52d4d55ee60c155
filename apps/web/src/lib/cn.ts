/** Joins class names, skipping falsy ones. Later classes do not override earlier ones in Tailwind,
 * so primitives keep their own classes free of the properties callers usually change. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
