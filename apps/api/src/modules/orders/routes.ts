import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  myOrdersResponseSchema,
  orderSchema,
  orderStatusResponseSchema,
} from '@lumina/shared/orders/order-schemas';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser, hasPermission } from '../auth/authenticate.ts';
import { privateScope } from '../auth/private-scope.ts';
import type { FulfilmentView } from '../fulfilment/order-view.ts';
import type { PaymentService } from '../payments/service.ts';
import { toOrderListJson } from './order-json.ts';
import { type OrderService, parseOrderId } from './service.ts';

const failures = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

export const orderRoutes: FastifyPluginCallbackZod<{
  orders: OrderService;
  payments: Pick<PaymentService, 'paymentInfo'>;
  /** The order's NF-e and parcel tracking, for its own page (absent where a test does without). */
  fulfilment?: Pick<FulfilmentView, 'forShopper'>;
}> = (app, { orders, payments, fulfilment }, done) => {
  void app.register(privateScope);

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "Creates an order from the user's cart, reserving its stock",
        description:
          'Body {order:{customer_*, notes, payment_method, shipping_method}}. payment_method: pix (default) prices the items at their PIX prices; card or boleto (only with CARD_PAYMENTS on, else 422 on the field) at their list prices. Items, prices and totals come from the server cart and current products; anything else sent is ignored. Idempotency-Key (8-128 characters) makes a retry return the first order (200 instead of 201).',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: z.looseObject({}).describe('{order:{...}}'),
        response: {
          200: z.object({ order: orderSchema }),
          201: z.object({ order: orderSchema }),
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { order, created } = await orders.create(
        currentUser(request).id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(created ? 201 : 200).send({ order });
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order for polling and result pages (owner or administrator)',
        params: z.object({ id: z.string() }),
        response: {
          200: orderStatusResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      // Staff read any order only with the orders permission (a catalogue clerk reads their own).
      const viewer = {
        id: currentUser(request).id,
        isAdmin: await hasPermission(request, 'orders'),
      };
      const found = await orders.get(viewer, parseOrderId(request.params.id));
      const order = fulfilment ? { ...found, ...(await fulfilment.forShopper(found.id)) } : found;
      return {
        id: order.id,
        status: order.status,
        payment_status: order.payment_status,
        bling_id: order.bling_id,
        total: order.total,
        created_at: order.created_at,
        order,
      };
    },
  );

  app.get(
    '/my_orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The user's orders, newest first (at most 100)",
        response: { 200: myOrdersResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const list = await orders.listForUser(currentUser(request).id);
      const info = await payments.paymentInfo(list.map(({ order }) => order));
      return {
        orders: list.map(({ order, items }) => {
          const paymentInfo = info.get(order.id);
          if (!paymentInfo) throw new Error(`no payment info for order ${order.id}`);
          return toOrderListJson(order, items, paymentInfo);
        }),
      };
    },
  );

  done();
};
