/** A task refused because `concurrency` tasks run and `queueLimit` more already wait. */
export class GateFullError extends Error {
  constructor() {
    super('too many tasks waiting');
    this.name = 'GateFullError';
  }
}

/**
 * At most `concurrency` tasks at once, at most `queueLimit` waiting in turn; past that a task is
 * refused at once (GateFullError) rather than queued, so a flood cannot pile up work or memory.
 * The next waiting task starts on a later turn of the event loop (setImmediate), so the requests
 * that arrived while one task ran are read before another begins: CPU-bound tasks take turns with
 * the rest of the server instead of running back to back.
 */
export function createTaskGate(options: { concurrency: number; queueLimit: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release(): void {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      setImmediate(next);
    }
  }

  return {
    get running(): number {
      return running;
    },
    get waiting(): number {
      return waiting.length;
    },

    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) {
        running += 1;
      } else if (waiting.length < options.queueLimit) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        throw new GateFullError();
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
