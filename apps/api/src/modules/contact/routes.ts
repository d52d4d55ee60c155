import {
  CONTACT_MESSAGE_TEXTS,
  contactMessageListQuerySchema,
  contactMessageListSchema,
  contactMessageUpdateAnswerSchema,
  updateContactMessageSchema,
} from '@lumina/shared/contact/contact-messages';
import { contactSchema } from '@lumina/shared/contact/contact-schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { guardScope } from '../auth/private-scope.ts';
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
        summary: 'Home page contact form: stores the message and e-mails it to the shop',
        description:
          'Sent to CONTACT_EMAIL (or every administrator when unset) with Reply-To the sender.',
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

const failures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** The panel's inbox (DESIGN.md: /api/admin/contact_messages). */
export const adminContactRoutes: FastifyPluginCallbackZod<{ contact: ContactService }> = (
  app,
  { contact },
  done,
) => {
  // 401 anonymous, 403 to anyone whose role in the database is not admin, before any parsing.
  guardScope(app, { access: 'admin', permission: 'customers' });

  app.get(
    '/admin/contact_messages',
    {
      schema: {
        tags: ['admin', 'contact'],
        summary: 'Contact-form messages, newest first, with the number still unread',
        description: 'Filter status (new, read, answered); page, per_page (1-100, default 20).',
        querystring: contactMessageListQuerySchema,
        response: { 200: contactMessageListSchema, ...failures },
      },
    },
    async (request) => contact.list(request.query),
  );

  app.patch(
    '/admin/contact_messages/:id',
    {
      schema: {
        tags: ['admin', 'contact'],
        summary: 'Marks a contact message new, read or answered',
        params: z.object({
          id: z.coerce
            .number({ error: CONTACT_MESSAGE_TEXTS.id })
            .int(CONTACT_MESSAGE_TEXTS.id)
            .positive(CONTACT_MESSAGE_TEXTS.id)
            .max(2_147_483_647, CONTACT_MESSAGE_TEXTS.id),
        }),
        body: updateContactMessageSchema,
        response: { 200: contactMessageUpdateAnswerSchema, ...failures },
      },
    },
    async (request) => contact.setStatus(request.params.id, request.body.status),
  );
  done();
};
