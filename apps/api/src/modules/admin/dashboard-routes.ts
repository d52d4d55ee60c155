import {
  type DashboardPeriod,
  dashboardQuerySchema,
  dashboardSchema,
} from '@lumina/shared/admin/dashboard';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { staffRoleOf } from '../auth/authenticate.ts';
import { adminScope } from '../auth/private-scope.ts';
import { readDashboard } from './dashboard.ts';

/** GET /api/admin/dashboard: every staff role opens the home; what it holds follows the role. */
export const adminDashboardRoutes: FastifyPluginCallbackZod<{
  db: Db;
  now: () => Date;
  /** The store settings' default low-stock threshold now (dashboard-queue.ts lowStockDefaultOf). */
  lowStockDefault: () => number;
}> = (app, { db, now, lowStockDefault }, done) => {
  void app.register(
    adminScope('panel', (panel, _options, next) => {
      panel.get(
        '/admin/dashboard',
        {
          schema: {
            tags: ['admin'],
            summary: "The owner's home: the queue of what waits, and the period's figures",
            description:
              "period 7 | 30 | 90 days (30 when absent), ending today (São Paulo). The queue lists only what the caller's role reaches; figures is null without the 'reports' permission.",
            querystring: dashboardQuerySchema,
            response: {
              200: dashboardSchema,
              401: errorResponseSchema,
              403: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
        },
        async (request) =>
          readDashboard(db, {
            now: now(),
            period: Number(request.query.period) as DashboardPeriod,
            role: await staffRoleOf(request),
            lowStockDefault: lowStockDefault(),
          }),
      );
      next();
    }),
  );
  done();
};
