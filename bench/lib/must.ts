/** Stops a benchmark that could not measure what it meant to (an error, exit code 1). */
export function must<T>(condition: T, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
