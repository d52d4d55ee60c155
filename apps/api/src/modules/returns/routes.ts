import {
  adminReturnActionResponseSchema,
  adminReturnListQuerySchema,
  adminReturnListResponseSchema,
  adminReturnSchema,
  createReturnBodySchema,
  createReturnResponseSchema,
  myReturnsResponseSchema,
  receiveReturnBodySchema,
  refundBodySchema,
  rejectReturnBodySchema,
  RETURN_MESSAGES,
  returnInstructionsBodySchema,
  shipExchangeBodySchema,
} from '@lumina/shared/returns/return-schemas';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { parsePathId } from '../../http/path-id.ts';
import { currentUser } from '../auth/authenticate.ts';
import { guardScope, privateScope } from '../auth/private-scope.ts';
import { parseOrderId } from '../orders/service.ts';
import { actorOf, orderCallFailures, idParams } from '../admin/route-parts.ts';
import type { AdminReturnService } from './admin-service.ts';
import type { ReturnService } from './service.ts';

function parseReturnId(raw: string): number {
  const id = parsePathId(raw);
  if (id === undefined) {
    throw new AppError('not_found', RETURN_MESSAGES.notFound, { code: 'return_not_found' });
  }
  return id;
}

/** The shopper's withdrawals and exchanges (DESIGN.md: POST /api/orders/{id}/returns...). */
export const returnRoutes: FastifyPluginCallbackZod<{ returns: ReturnService }> = (
  app,
  { returns },
  done,
) => {
  void app.register(privateScope);

  app.post(
    '/orders/:id/returns',
    {
      schema: {
        tags: ['returns'],
        summary: 'Asks to withdraw from (CDC art. 49) or exchange units of one of my orders',
        description:
          'Body {return:{type: withdrawal | exchange, items:[{order_item_id, quantity, exchange_variant_id?}], reason?}}. A delivered order takes requests until 23:59:59 (São Paulo) of the 7th day after delivery; a shipped one takes withdrawals; a paid order not yet shipped is cancelled by a withdrawal (cancelled: true) and its payment given back in full. An exchange asks for another active variant of the same product whose unit price now (PIX price, as an order charges it) equals the item’s unit_price_cents; another price answers 422 exchange_price_differs. Acknowledged at once by e-mail with the protocol.',
        params: idParams,
        body: createReturnBodySchema,
        response: { 201: createReturnResponseSchema, ...orderCallFailures },
      },
    },
    async (request, reply) => {
      const answer = await returns.create(
        currentUser(request).id,
        parseOrderId(request.params.id),
        request.body,
      );
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/my_returns',
    {
      schema: {
        tags: ['returns'],
        summary: 'My withdrawal and exchange requests, newest first (at most 100)',
        response: { 200: myReturnsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ returns: await returns.listForUser(currentUser(request).id) }),
  );

  done();
};

/** The shop's queue of withdrawals and exchanges (DESIGN.md: /api/admin/returns...). */
export const adminReturnRoutes: FastifyPluginCallbackZod<{ adminReturns: AdminReturnService }> = (
  app,
  { adminReturns },
  done,
) => {
  // 401 anonymous, 403 to anyone whose role in the database is not admin, before any parsing.
  guardScope(app, { access: 'admin', permission: 'orders' });
  const action = { tags: ['admin'], params: idParams };

  app.get(
    '/admin/returns',
    {
      schema: {
        tags: ['admin'],
        summary: 'Withdrawal and exchange requests: open ones first, by their answer deadline',
        description:
          'Filters: status, type, open=true (requested, instructions sent, received); page, per_page (1-100, default 20). days_left counts the days to answer a request still waiting.',
        querystring: adminReturnListQuerySchema,
        response: { 200: adminReturnListResponseSchema, ...orderCallFailures },
      },
    },
    async (request) => adminReturns.list(request.query),
  );

  app.get(
    '/admin/returns/:id',
    {
      schema: {
        ...action,
        summary: 'One withdrawal or exchange request',
        response: { 200: adminReturnSchema, ...orderCallFailures },
      },
    },
    async (request) => adminReturns.detail(parseReturnId(request.params.id)),
  );

  app.post(
    '/admin/returns/:id/instructions',
    {
      schema: {
        ...action,
        summary: 'Sends the shopper how to post the pieces back (authorisation code or address)',
        description:
          'Body {instructions:{kind: authorization_code, code} or {kind: posting_address, address}}. Again on a request whose instructions were sent replaces them (and e-mails the new ones).',
        body: returnInstructionsBodySchema,
        response: { 200: adminReturnActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      adminReturns.sendInstructions(
        parseReturnId(request.params.id),
        request.body,
        actorOf(request),
      ),
  );

  app.post(
    '/admin/returns/:id/receive',
    {
      schema: {
        ...action,
        summary: 'Records the pieces back; resellable ones return to their variant’s stock',
        description:
          'Body {items:[{return_item_id, resellable}]}: every item of the request, once.',
        body: receiveReturnBodySchema,
        response: { 200: adminReturnActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      adminReturns.receive(parseReturnId(request.params.id), request.body, actorOf(request)),
  );

  app.post(
    '/admin/returns/:id/refund',
    {
      schema: {
        ...action,
        summary: 'Gives a received withdrawal’s money back (MercadoPago, or a PIX by the shop)',
        description:
          'Body {amount?, e2e_id?, reason?}: amount in reais (default: suggested_refund, the returned items as paid plus the freight when the whole order came back); more than still refundable is refused (422). Orders paid with the built-in PIX need e2e_id, the devolução made from the shop’s bank.',
        body: refundBodySchema,
        response: { 200: adminReturnActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      adminReturns.refund(parseReturnId(request.params.id), request.body, actorOf(request)),
  );

  app.post(
    '/admin/returns/:id/reject',
    {
      schema: {
        ...action,
        summary: 'Refuses a request, with the reason e-mailed to the shopper',
        body: rejectReturnBodySchema,
        response: { 200: adminReturnActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      adminReturns.reject(parseReturnId(request.params.id), request.body, actorOf(request)),
  );

  app.post(
    '/admin/returns/:id/ship_exchange',
    {
      schema: {
        ...action,
        summary: 'Ships a received exchange’s new variant with its Correios tracking code',
        description: 'Body {tracking_code}: reserves the new variant’s units once.',
        body: shipExchangeBodySchema,
        response: { 200: adminReturnActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      adminReturns.shipExchange(parseReturnId(request.params.id), request.body, actorOf(request)),
  );

  done();
};
