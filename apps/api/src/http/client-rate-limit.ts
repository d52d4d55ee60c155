import cluster from 'node:cluster';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClusterRateLimitStore } from '../cluster/rate-limit-store.ts';

/** Whether a client went past its limit, and in how many seconds its window starts again. */
export type ClientLimitCheck = { exceeded: false } | { exceeded: true; retryAfterSeconds: number };

export type ClientRateLimit = (request: FastifyRequest) => Promise<ClientLimitCheck>;

/**
 * Whom a request counts against: its IP (an IPv6 /64 as one client, as the plugin's default
 * does). A connection the client already closed has no address left (`request.ip` undefined);
 * the plugin's default then throws, and the request would end as a 500 in the log. Nobody is
 * waiting for that answer, so all such requests share one key.
 */
export function clientKey(request: Pick<FastifyRequest, 'ip'>): string {
  const ip = request.ip as string | undefined;
  if (!ip) return 'closed-connection';
  // An IPv4 address is its own key (the plugin would only lower-case its digits), and telling it
  // from IPv6 by the plugin's long regular expression cost about 1 µs per request (CPU profile).
  return ip.includes(':') ? normalizeIP(ip) : ip;
}

/**
 * A per-client limit outside /api, counted as the API's flood guard is (@fastify/rate-limit: the
 * client's IP, an IPv6 /64 as one client; with WEB_CONCURRENCY in the cluster's primary, so every
 * worker meets the same count) under a key of its own (`group`), so pages, previews and the API
 * each have their own allowance. The caller answers the refusal: a page wants HTML, not the
 * plugin's JSON error. Undefined when `max` is 0 (no limit).
 */
export async function createClientRateLimit(
  app: FastifyInstance,
  options: { group: string; max: number; timeWindowMs?: number },
): Promise<ClientRateLimit | undefined> {
  if (options.max <= 0) return undefined;
  let check: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  // Its own scope: the plugin decorates the instance it is registered in, as the API's does.
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      max: options.max,
      timeWindow: options.timeWindowMs ?? 60_000,
      keyGenerator: (request) => `${options.group}:${clientKey(request)}`,
      ...(cluster.isWorker ? { store: ClusterRateLimitStore } : {}),
    });
    check = scope.createRateLimit();
  });
  const limit = check;
  if (!limit) throw new Error('@fastify/rate-limit did not register');
  return async (request) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return { exceeded: false };
    return { exceeded: true, retryAfterSeconds: Math.max(1, result.ttlInSeconds) };
  };
}
