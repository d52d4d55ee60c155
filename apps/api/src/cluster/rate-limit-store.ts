import cluster, { type Worker } from 'node:cluster';

/**
 * The API's flood guard (@fastify/rate-limit, RATE_LIMIT_MAX per IP and minute) counted once for
 * all the workers of a cluster: the primary holds the counters and each worker
 * asks it over the cluster's IPC channel, so a client spreading its requests over several
 * connections (and so over several workers) meets the same limit as with one process. The limits
 * that guard accounts (logins, sign-ups, resets, the contact form) are kept in the database and
 * are shared already. An answer slower than IPC_TIMEOUT_MS (a primary gone) lets the request
 * through: the guard must never take the shop down with it.
 */

const IPC_TIMEOUT_MS = 1_000;
/** Counters kept at most; the oldest go first, as in the plugin's own LRU store. */
const MAX_KEYS = 50_000;

interface IncrRequest {
  lumina: 'rate-limit:incr';
  id: number;
  key: string;
  timeWindow: number;
}

interface IncrAnswer {
  lumina: 'rate-limit:answer';
  id: number;
  current: number;
  ttl: number;
}

type Counter = { current: number; startMs: number };

function isIncrRequest(message: unknown): message is IncrRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { lumina?: unknown }).lumina === 'rate-limit:incr'
  );
}

function isIncrAnswer(message: unknown): message is IncrAnswer {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { lumina?: unknown }).lumina === 'rate-limit:answer'
  );
}

/** In the primary: one set of counters for every worker, answered over IPC. */
export function serveClusterRateLimits(now: () => number = Date.now): void {
  const counters = new Map<string, Counter>();
  const answer = (worker: Worker, message: unknown): void => {
    if (!isIncrRequest(message)) return;
    const at = now();
    let counter = counters.get(message.key);
    if (!counter || counter.startMs + message.timeWindow <= at) {
      counter = { current: 0, startMs: at };
    }
    counter.current += 1;
    // Re-inserted so the Map's order is the keys' last use: the first key is the stalest.
    counters.delete(message.key);
    if (counters.size >= MAX_KEYS) {
      const stalest = counters.keys().next();
      if (!stalest.done) counters.delete(stalest.value);
    }
    counters.set(message.key, counter);
    const reply: IncrAnswer = {
      lumina: 'rate-limit:answer',
      id: message.id,
      current: counter.current,
      ttl: counter.startMs + message.timeWindow - at,
    };
    if (worker.isConnected()) worker.send(reply);
  };
  cluster.on('message', answer);
}

type Callback = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * In a worker: the store @fastify/rate-limit counts with (its `store` option takes the class).
 * One instance serves every route (child() returns it), as the limit is one per IP for the API.
 */
export class ClusterRateLimitStore {
  private static nextId = 1;
  private static readonly pending = new Map<
    number,
    { callback: Callback; timeWindow: number; timer: NodeJS.Timeout }
  >();
  private static listening = false;

  constructor() {
    if (ClusterRateLimitStore.listening) return;
    ClusterRateLimitStore.listening = true;
    process.on('message', (message: unknown) => {
      if (!isIncrAnswer(message)) return;
      const waiting = ClusterRateLimitStore.pending.get(message.id);
      if (!waiting) return;
      ClusterRateLimitStore.pending.delete(message.id);
      clearTimeout(waiting.timer);
      waiting.callback(null, { current: message.current, ttl: message.ttl });
    });
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    const id = ClusterRateLimitStore.nextId++;
    const letThrough = (): void => {
      ClusterRateLimitStore.pending.delete(id);
      callback(null, { current: 1, ttl: timeWindow });
    };
    if (!process.send || !process.connected) return letThrough();
    const timer = setTimeout(letThrough, IPC_TIMEOUT_MS);
    timer.unref();
    ClusterRateLimitStore.pending.set(id, { callback, timeWindow, timer });
    const request: IncrRequest = { lumina: 'rate-limit:incr', id, key, timeWindow };
    process.send(request, undefined, undefined, (error) => {
      if (error) {
        clearTimeout(timer);
        letThrough();
      }
    });
  }

  child(): ClusterRateLimitStore {
    return this;
  }
}
