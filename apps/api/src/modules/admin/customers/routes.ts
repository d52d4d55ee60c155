import {
  adminCustomerDetailSchema,
  adminCustomerListQuerySchema,
  adminCustomerListResponseSchema,
} from '@lumina/shared/admin/customers';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../http/error-schema.ts';
import { staffRoleOf } from '../../auth/authenticate.ts';
import { guardScope } from '../../auth/private-scope.ts';
import { actorOf, idParams } from '../route-parts.ts';
import type { AdminCustomerService } from './service.ts';

const failures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** The panel's customers (DESIGN.md: GET /api/admin/customers, GET /api/admin/customers/{id}). */
export const adminCustomerRoutes: FastifyPluginCallbackZod<{
  adminCustomers: AdminCustomerService;
}> = (app, { adminCustomers }, done) => {
  guardScope(app, { access: 'admin', permission: 'customers' });

  app.get(
    '/admin/customers',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Customers with their paid orders, total spent and last order; searched, sorted, paged',
        description:
          'q: name or e-mail, phone digits, and CPF digits for the owner only; page (20 per page); sort: last_order, total_spent, orders_count, name or created_at; direction: asc or desc. phone and cpf appear as the role reads them (owner: both; manager: phone, CPF masked).',
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListResponseSchema, ...failures },
      },
    },
    async (request) => adminCustomers.list(request.query, await staffRoleOf(request)),
  );

  app.get(
    '/admin/customers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One customer with their orders, addresses, requests and consents',
        description: 'Each view is written to the security log (customer_viewed: who saw whom).',
        params: idParams,
        response: { 200: adminCustomerDetailSchema, ...failures },
      },
    },
    async (request) =>
      adminCustomers.detail(request.params.id, {
        ...actorOf(request),
        staffRole: await staffRoleOf(request),
      }),
  );

  done();
};
