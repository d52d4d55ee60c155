/** Placeholder until the page lands (issue 5). */
export function Component() {
  return null;
}
