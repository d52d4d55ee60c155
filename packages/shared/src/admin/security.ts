import { z } from 'zod';
import { ADMIN_EXPORT_RANGE_DAYS } from '../constants/account-constants.ts';

/** Spec 001 §9: the export covers at most the last 30 days. */
export const SECURITY_EXPORT_MAX_DAYS = ADMIN_EXPORT_RANGE_DAYS;

export const SECURITY_TEXTS = {
  badFormat: 'Formato inválido: use json ou csv.',
  badDate: 'Data inválida: use o formato AAAA-MM-DD.',
  badRange: `O período deve estar dentro dos últimos ${SECURITY_EXPORT_MAX_DAYS} dias, com o início antes do fim.`,
  monitoringDone: 'Monitoramento executado.',
} as const;

const severity = z.enum(['info', 'warning', 'critical']);

/** GET /api/security/dashboard_stats and GET /api/admin/security (spec 001 §3 Security data). */
export const securityDashboardSchema = z
  .object({
    stats: z.object({
      total_entries: z.number().int(),
      recent_activity: z.object({
        last_hour: z.number().int(),
        last_24h: z.number().int(),
        last_7d: z.number().int(),
      }),
    }),
    recent_alerts: z.array(
      z.object({
        severity,
        timestamp: z.string(),
        type: z.string(),
        message: z.string(),
      }),
    ),
    top_ips: z.array(z.object({ ip: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'SecurityDashboard' });
export type SecurityDashboard = z.infer<typeof securityDashboardSchema>;

/** POST /api/security/trigger_monitoring */
export const monitoringRunSchema = z.object({
  message: z.string(),
  alerts_raised: z.number().int(),
  incidents_ongoing: z.number().int(),
});
export type MonitoringRun = z.infer<typeof monitoringRunSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SECURITY_TEXTS.badDate);

/** GET /api/security/export_logs query (default and maximum: the last 30 days). */
export const securityExportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: SECURITY_TEXTS.badFormat }).default('json'),
  start_date: isoDay.optional(),
  end_date: isoDay.optional(),
});
export type SecurityExportQuery = z.infer<typeof securityExportQuerySchema>;

export const securityLogEntrySchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  type: z.string(),
  severity,
  message: z.string(),
  ip: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_agent: z.string().nullable(),
});

export const securityExportJsonSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  count: z.number().int(),
  logs: z.array(securityLogEntrySchema),
});
