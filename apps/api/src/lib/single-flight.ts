/**
 * One run per key at a time: a call for a key whose task is still running gets that run's promise
 * instead of starting another. For work that many requests ask for at once and whose result is
 * the same for all of them (a preview picture made on its first request).
 */
export function createSingleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return {
    run(key: string, task: () => Promise<T>): Promise<T> {
      const current = running.get(key);
      if (current) return current;
      const started = task().finally(() => running.delete(key));
      running.set(key, started);
      return started;
    },
  };
}
