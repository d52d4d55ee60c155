import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unavailable']),
});

/** For load balancers and uptime checks: 200 only when the database answers. */
export const healthRoutes: FastifyPluginCallbackZod<{ ping: () => Promise<void> }> = (
  app,
  { ping },
  done,
) => {
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
        await ping();
        return reply.code(200).send({ status: 'ok', database: 'ok' });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'error', database: 'unavailable' });
      }
    },
  );
  done();
};
