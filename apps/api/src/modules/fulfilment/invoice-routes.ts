import { invoiceJsonSchema } from '@lumina/shared/fulfilment/fulfilment-schemas';
import {
  cancelInvoiceBodySchema,
  packingSlipQuerySchema,
} from '@lumina/shared/fulfilment/invoice-messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, idParams, orderCallFailures } from '../admin/route-parts.ts';
import { guardScope } from '../auth/private-scope.ts';
import { parseOrderId } from '../orders/service.ts';
import type { InvoiceService } from './invoice-service.ts';
import type { PackingSlips } from './packing-slip.ts';

export { invoiceJsonSchema };

const invoiceAnswerSchema = z.object({ invoice: invoiceJsonSchema });

/**
 * The administrator's NF-e and packing slip of an order (DESIGN.md: POST
 * /api/admin/orders/{id}/invoice, GET /api/admin/orders/{id}/packing_slip).
 */
export const invoiceRoutes: FastifyPluginCallbackZod<{
  invoices: InvoiceService;
  packingSlips: PackingSlips;
}> = (app, { invoices, packingSlips }, done) => {
  // 401 anonymous, 403 to anyone whose role in the database is not admin, before any parsing.
  guardScope(app, { access: 'admin', permission: 'orders' });

  app.post(
    '/admin/orders/:id/invoice',
    {
      schema: {
        tags: ['admin'],
        summary: "Issues the order's NF-e through Bling (generate from its sales order, send)",
        description:
          'Paid orders only, with Bling connected and the order already a sales order there (409 in pt-BR otherwise). Idempotent: a second call answers the NF-e that stands, resumes one left half-way (re-sends a rejected one) and never generates a second. Bling down: 503; a rejection: 409 with the reason, kept on the NF-e.',
        params: idParams,
        response: { 200: invoiceAnswerSchema, ...orderCallFailures },
      },
    },
    async (request) => ({
      invoice: await invoices.issue(parseOrderId(request.params.id), actorOf(request)),
    }),
  );

  app.post(
    '/admin/orders/:id/invoice/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: "Cancels the order's authorised NF-e at SEFAZ (within 24 hours)",
        description:
          'Body {justification}: 15 to 255 characters (422 otherwise). After 24 hours SEFAZ takes no cancellation: 409, issue a return NF-e in Bling.',
        params: idParams,
        body: cancelInvoiceBodySchema,
        response: { 200: invoiceAnswerSchema, ...orderCallFailures },
      },
    },
    async (request) => ({
      invoice: await invoices.cancel(
        parseOrderId(request.params.id),
        request.body.justification,
        actorOf(request),
      ),
    }),
  );

  app.get(
    '/admin/orders/:id/packing_slip',
    {
      schema: {
        tags: ['admin'],
        summary: "The order's packing slip: a printable HTML page (A4 or an 80 mm roll)",
        params: idParams,
        description:
          'layout=a4 (default) or thermal. An HTML page (no response schema: the serializer would quote it as JSON); failures are the usual JSON errors: 401, 403, 404, 422.',
        querystring: packingSlipQuerySchema,
      },
    },
    async (request, reply) => {
      const html = await packingSlips.html(parseOrderId(request.params.id), request.query.layout);
      return reply.header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(html);
    },
  );

  done();
};
