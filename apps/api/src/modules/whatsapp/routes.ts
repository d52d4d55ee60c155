import {
  whatsappSettingsBodySchema,
  whatsappStatusSchema,
} from '@lumina/shared/whatsapp/order-updates';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { actorOf } from '../admin/route-parts.ts';
import { guardScope } from '../auth/private-scope.ts';
import type { WhatsAppConnection } from './connection.ts';

const failures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

/** The panel's WhatsApp card: GET, PUT and DELETE /api/admin/whatsapp. */
export const adminWhatsAppRoutes: FastifyPluginCallbackZod<{ connection: WhatsAppConnection }> = (
  app,
  { connection },
  done,
) => {
  guardScope(app, { access: 'admin', permission: 'settings' });

  app.get(
    '/admin/whatsapp',
    {
      schema: {
        tags: ['admin', 'store'],
        summary: 'Whether the order updates go by WhatsApp, and the templates they use',
        description:
          'The token is never answered: only its last 4 characters. `source` server: WHATSAPP_* on the server, which the panel cannot change.',
        response: { 200: whatsappStatusSchema, ...failures },
      },
    },
    () => connection.status(),
  );

  app.put(
    '/admin/whatsapp',
    {
      schema: {
        tags: ['admin', 'store'],
        summary: "Sets the WhatsApp Cloud API's number id and token (the token sealed at rest)",
        description:
          'Body {whatsapp:{phone_number_id, access_token?}}: without access_token the saved one stays. 409 while WHATSAPP_* are set on the server.',
        body: whatsappSettingsBodySchema,
        response: { 200: whatsappStatusSchema, ...failures },
      },
    },
    (request) => connection.save(request.body.whatsapp, actorOf(request)),
  );

  app.delete(
    '/admin/whatsapp',
    {
      schema: {
        tags: ['admin', 'store'],
        summary: 'Turns the order updates by WhatsApp off (the panel setting)',
        response: { 200: whatsappStatusSchema, ...failures },
      },
    },
    (request) => connection.remove(actorOf(request)),
  );
  done();
};
