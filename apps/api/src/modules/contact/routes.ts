import { contactSchema } from '@lumina/shared/contact/contact-schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import type { ContactService } from './service.ts';

const contactResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const contactRoutes: FastifyPluginCallbackZod<{ contact: ContactService }> = (
  app,
  { contact },
  done,
) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Home page contact form: stores the message',
        body: contactSchema,
        response: {
          201: contactResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await contact.submit(request.body, request.ip);
      return reply.code(201).header('cache-control', 'no-store').send(result);
    },
  );
  done();
};
