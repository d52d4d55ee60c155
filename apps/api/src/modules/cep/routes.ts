import { cepSchema } from '@lumina/shared/validation/cep';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import type { CepService } from './service.ts';

const cepAddressSchema = z
  .object({
    cep: z.string().describe('8 digits'),
    street: z.string().describe('empty for towns with a single CEP'),
    neighborhood: z.string(),
    city: z.string(),
    state: z.string().describe('two-letter state code'),
  })
  .meta({ id: 'CepAddress' });

/** GET /api/cep/{cep}: public, so the register form can use it before there is an account. */
export const cepRoutes: FastifyPluginCallbackZod<{ cep: CepService }> = (app, { cep }, done) => {
  app.get(
    '/cep/:cep',
    {
      schema: {
        tags: ['cep'],
        summary:
          'Street, neighbourhood, city and state of a CEP (8 digits, mask allowed), by ViaCEP',
        params: z.object({ cep: cepSchema }),
        response: {
          200: cepAddressSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const address = await cep.find(request.params.cep);
      // Error answers carry no-store (error-handler.ts); a found address is stable for a day.
      reply.header('cache-control', 'public, max-age=86400');
      return address;
    },
  );

  done();
};
