import {
  adminOrderActionResponseSchema,
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  cancelOrderBodySchema,
} from '@lumina/shared/admin/admin-orders';
import {
  adminOrderRefundResponseSchema,
  refundBodySchema,
} from '@lumina/shared/returns/return-schemas';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardScope } from '../../auth/private-scope.ts';
import { parseOrderId } from '../../orders/service.ts';
import { actorOf, orderCallFailures, idParams } from '../route-parts.ts';
import type { AdminOrderService } from './service.ts';

/** The administrator's order operations (DESIGN.md: /api/admin/orders...). */
export const adminOrderRoutes: FastifyPluginCallbackZod<{ adminOrders: AdminOrderService }> = (
  app,
  { adminOrders },
  done,
) => {
  // 401 anonymous, 403 to anyone whose role in the database is not admin, before any parsing.
  guardScope(app, { access: 'admin', permission: 'orders' });

  app.get(
    '/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first, filtered and paged',
        description:
          'Filters: status, payment_status, from and to (YYYY-MM-DD, days in America/Sao_Paulo, both included), q (order number, customer name, e-mail or CPF digits); page, per_page (1-100, default 20).',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema, ...orderCallFailures },
      },
    },
    async (request) => adminOrders.list(request.query),
  );

  app.get(
    '/admin/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order with its items, payments and their events, e-mails and steps',
        params: idParams,
        response: { 200: adminOrderDetailSchema, ...orderCallFailures },
      },
    },
    async (request) => adminOrders.detail(parseOrderId(request.params.id)),
  );

  app.post(
    '/admin/orders/:id/confirm_payment',
    {
      schema: {
        tags: ['admin'],
        summary: 'Confirms a built-in PIX payment seen in the shop’s bank (or restores a late one)',
        params: idParams,
        response: { 200: adminOrderActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      adminOrders.confirmPayment(parseOrderId(request.params.id), actorOf(request)),
  );

  app.post(
    '/admin/orders/:id/ship',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marks a paid order as shipped with its Correios tracking code',
        description: 'Body {tracking_code}: two letters, 8 digits, the check digit and BR.',
        params: idParams,
        body: z.looseObject({ tracking_code: z.unknown().optional() }).nullish(),
        response: { 200: adminOrderActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      adminOrders.ship(parseOrderId(request.params.id), request.body, actorOf(request)),
  );

  app.post(
    '/admin/orders/:id/deliver',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marks a shipped order as delivered',
        params: idParams,
        response: { 200: adminOrderActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) => adminOrders.deliver(parseOrderId(request.params.id), actorOf(request)),
  );

  app.post(
    '/admin/orders/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancels an unpaid order, or a paid one not yet shipped (refunding it)',
        params: idParams,
        body: cancelOrderBodySchema,
        response: { 200: adminOrderActionResponseSchema, ...orderCallFailures },
      },
    },
    async (request) => adminOrders.cancel(parseOrderId(request.params.id), actorOf(request)),
  );

  app.post(
    '/admin/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Gives money of a paid order back without goods coming back (all or part)',
        description:
          'Body {amount?, reason?, e2e_id?}: amount in reais (default: all still refundable; more is refused, 422). MercadoPago orders are refunded there (partially when less than all); built-in PIX orders need e2e_id, the devolução made from the shop’s bank. Withdrawals are refunded on their request (/admin/returns/{id}/refund).',
        params: idParams,
        body: refundBodySchema,
        response: { 200: adminOrderRefundResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      adminOrders.refund(parseOrderId(request.params.id), request.body, actorOf(request)),
  );

  done();
};
