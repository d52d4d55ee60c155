import {
  monitoringRunSchema,
  SECURITY_TEXTS,
  securityDashboardSchema,
  securityExportJsonSchema,
  securityExportQuerySchema,
} from '@lumina/shared/admin/security';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { guardScope } from '../auth/private-scope.ts';
import { exportRange, logsBetween, toCsv } from './export.ts';
import type { SecurityMonitoring } from './monitoring.ts';

const failures = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The owner's security calls (spec 001 §7): dashboard, monitoring now, export. */
export const securityRoutes: FastifyPluginCallbackZod<{
  db: Db;
  monitoring: SecurityMonitoring;
  now: () => Date;
}> = (app, { db, monitoring, now }, done) => {
  guardScope(app, { access: 'admin', permission: 'security' });

  for (const url of ['/security/dashboard_stats', '/admin/security']) {
    app.get(
      url,
      {
        schema: {
          tags: ['admin', 'security'],
          summary: 'Security log totals, recent alerts and the IPs behind most warnings',
          response: { 200: securityDashboardSchema, ...failures },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return monitoring.dashboard();
      },
    );
  }

  app.post(
    '/security/trigger_monitoring',
    {
      schema: {
        tags: ['admin', 'security'],
        summary: 'Runs the monitoring rules now (they also run every 5 minutes)',
        response: { 200: monitoringRunSchema, ...failures },
      },
    },
    async () => {
      const { raised, ongoing } = await monitoring.run();
      return {
        message: SECURITY_TEXTS.monitoringDone,
        alerts_raised: raised,
        incidents_ongoing: ongoing,
      };
    },
  );

  app.get(
    '/security/export_logs',
    {
      schema: {
        tags: ['admin', 'security'],
        summary: 'The security log of a period (default and maximum: the last 30 days)',
        description: 'format=csv answers a download named security_logs_{date}.csv.',
        querystring: securityExportQuerySchema,
        response: {
          200: z.union([securityExportJsonSchema, z.string()]),
          ...failures,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const at = now();
      const range = exportRange(request.query, at);
      const rows = await logsBetween(db, range.start, range.end);
      void reply.header('cache-control', 'no-store');
      if (request.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="security_logs_${at.toISOString().slice(0, 10)}.csv"`,
          )
          .send(toCsv(rows));
      }
      return {
        start_date: range.startDay,
        end_date: range.endDay,
        count: rows.length,
        logs: rows.map((row) => ({
          id: row.id,
          timestamp: row.createdAt.toISOString(),
          type: row.type,
          severity: row.severity,
          message: row.message,
          ip: row.ip,
          user_id: row.userId,
          user_agent: row.userAgent,
        })),
      };
    },
  );
  done();
};
