import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unavailable']),
  /** Test payments ('Simular pagamento'): never true in a real shop. */
  sandbox: z.boolean(),
});

/** A health check that hangs is as bad as a failing one: give the database this long. */
export const HEALTH_TIMEOUT_MS = 2_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** For load balancers and uptime checks: 200 only when the database answers. */
export const healthRoutes: FastifyPluginCallbackZod<{
  ping: () => Promise<void>;
  sandbox: boolean;
}> = (app, { ping, sandbox }, done) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness of the API and its database',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await withTimeout(ping(), HEALTH_TIMEOUT_MS);
        return reply.code(200).send({ status: 'ok', database: 'ok', sandbox });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'error', database: 'unavailable', sandbox });
      }
    },
  );
  done();
};
