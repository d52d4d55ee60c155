import { ordersExportQuerySchema } from '@lumina/shared/admin/orders-export';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../http/error-schema.ts';
import { staffRoleOf } from '../../auth/authenticate.ts';
import { guardScope } from '../../auth/private-scope.ts';
import { actorOf } from '../route-parts.ts';
import type { OrdersExport } from './service.ts';

/**
 * GET /api/admin/orders/export: a static path, so Fastify's router takes it before
 * /api/admin/orders/:id (whose scope needs 'orders', not 'reports').
 */
export const ordersExportRoutes: FastifyPluginCallbackZod<{ ordersExport: OrdersExport }> = (
  app,
  { ordersExport },
  done,
) => {
  guardScope(app, { access: 'admin', permission: 'reports' });

  app.get(
    '/admin/orders/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The orders of a period as a spreadsheet for the accountant (CSV or Excel)',
        description:
          'from and to: YYYY-MM-DD, days in America/Sao_Paulo by the order’s creation, both included, at most 366 days; format: csv (";", decimal comma, UTF-8 with BOM) or xlsx. One line per item sold. 10 exports per person in 10 minutes.',
        querystring: ordersExportQuerySchema,
        response: {
          200: z.string().meta({ format: 'binary', description: 'The file, as an attachment' }),
          401: errorResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await ordersExport.export(request.query, {
        ...actorOf(request),
        role: await staffRoleOf(request),
      });
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          // Fastify sends a string or a Buffer as it is (no serializer runs on either); the schema
          // types the 200 as a string, which the workbook's bytes are not.
          .send(typeof file.body === 'string' ? file.body : (Buffer.from(file.body) as never))
      );
    },
  );

  done();
};
