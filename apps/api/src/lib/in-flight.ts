/** Promises still running, so a shutdown can wait for them. */
export function createInFlight() {
  const running = new Set<Promise<unknown>>();
  return {
    get size(): number {
      return running.size;
    },

    /** Returns `promise` itself; its outcome is the caller's to handle. */
    track<T>(promise: Promise<T>): Promise<T> {
      running.add(promise);
      const forget = () => running.delete(promise);
      promise.then(forget, forget);
      return promise;
    },

    /** Resolves when nothing is running, including what started while waiting. */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
