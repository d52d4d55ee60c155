import type { SecurityDashboard } from '@lumina/shared/admin/security';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { securityAlerts, securityLogs, type SecuritySeverity } from '../../db/schema/security.ts';
import type { JobDefinition } from '../../jobs/job-runner.ts';
import { mailAdministrators } from '../mail/admin-mail.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { securityAlertMail } from './alert-mail.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Alert thresholds: a burst on one account, and one IP failing on many accounts. */
export const MONITORING_RULES = {
  failedLoginBurst: { min: 5, windowMs: 15 * MINUTE },
  credentialStuffing: { minAccounts: 5, windowMs: 15 * MINUTE },
  refreshTokenReuse: { windowMs: 15 * MINUTE },
  adminNewIp: { windowMs: 15 * MINUTE, knownFor: 90 * DAY },
  webhookSignature: { windowMs: 15 * MINUTE },
} as const;

/** The privacy policy keeps security logs for 12 months. */
export const SECURITY_LOG_RETENTION_MS = 365 * DAY;

/** One subject a rule found in its window: who, how bad, how many entries, since when. */
interface Finding {
  rule: string;
  subject: string;
  severity: SecuritySeverity;
  message: string;
  occurrences: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

interface Row {
  subject: string;
  occurrences: number;
  first_seen: string | Date;
  last_seen: string | Date;
  accounts?: number;
}

const asDate = (value: string | Date) => new Date(value);

/**
 * The owner's security watch: rules over the security log, each incident raised once (a rule
 * that keeps seeing the same account or IP within its window updates the open incident) and
 * e-mailed to every administrator through the outbox; the dashboard's figures.
 */
export function createSecurityMonitoring(deps: {
  db: Db;
  now: () => Date;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  appUrl: string;
  /** The store settings now: the alert's subject names the shop. */
  storeSettings: () => StoreSettings;
}) {
  const { db, now } = deps;

  async function grouped(query: ReturnType<typeof sql>): Promise<Row[]> {
    return rowsOf<Row>(await db.execute(query));
  }

  async function findings(at: Date): Promise<Finding[]> {
    const since = (ms: number) => new Date(at.getTime() - ms).toISOString();
    const R = MONITORING_RULES;
    const found: Finding[] = [];
    const push = (
      rule: string,
      severity: SecuritySeverity,
      rows: Row[],
      text: (r: Row) => string,
    ) =>
      found.push(
        ...rows.map((row) => ({
          rule,
          subject: row.subject,
          severity,
          message: text(row),
          occurrences: Number(row.occurrences),
          firstSeenAt: asDate(row.first_seen),
          lastSeenAt: asDate(row.last_seen),
        })),
      );

    push(
      'failed_login_burst',
      'warning',
      await grouped(sql`
        select lower(metadata->>'email') as subject, count(*)::integer as occurrences,
               min(created_at) as first_seen, max(created_at) as last_seen
        from security_logs
        where type = 'login_failed' and created_at > ${since(R.failedLoginBurst.windowMs)}::timestamptz
          and metadata->>'email' is not null
        group by lower(metadata->>'email') having count(*) >= ${R.failedLoginBurst.min}
      `),
      (r) => `${r.occurrences} tentativas de login falharam na conta ${r.subject} em 15 minutos`,
    );
    push(
      'credential_stuffing',
      'critical',
      await grouped(sql`
        select ip as subject, count(*)::integer as occurrences,
               count(distinct lower(metadata->>'email'))::integer as accounts,
               min(created_at) as first_seen, max(created_at) as last_seen
        from security_logs
        where type = 'login_failed' and ip is not null
          and created_at > ${since(R.credentialStuffing.windowMs)}::timestamptz
        group by ip having count(distinct lower(metadata->>'email')) >= ${R.credentialStuffing.minAccounts}
      `),
      (r) =>
        `O IP ${r.subject} errou a senha em ${r.accounts ?? 0} contas diferentes em 15 minutos (${r.occurrences} tentativas)`,
    );
    push(
      'refresh_token_reuse',
      'critical',
      await grouped(sql`
        select coalesce(user_id::text, ip, '?') as subject, count(*)::integer as occurrences,
               min(created_at) as first_seen, max(created_at) as last_seen
        from security_logs
        where type = 'refresh_token_reuse' and created_at > ${since(R.refreshTokenReuse.windowMs)}::timestamptz
        group by 1
      `),
      (r) =>
        `Token de atualização reutilizado (usuário ${r.subject}): a sessão pode ter sido roubada; as sessões foram revogadas`,
    );
    push(
      'admin_new_ip',
      'warning',
      await grouped(sql`
        select l.user_id::text || ' ' || l.ip as subject, count(*)::integer as occurrences,
               min(l.created_at) as first_seen, max(l.created_at) as last_seen
        from security_logs l join users u on u.id = l.user_id and u.role = 'admin'
        where l.type = 'login_success' and l.ip is not null
          and l.created_at > ${since(R.adminNewIp.windowMs)}::timestamptz
          and not exists (
            select 1 from security_logs k
            where k.type = 'login_success' and k.user_id = l.user_id and k.ip = l.ip
              and k.created_at < ${since(R.adminNewIp.windowMs)}::timestamptz
              and k.created_at > ${since(R.adminNewIp.knownFor)}::timestamptz
          )
          and exists (
            select 1 from security_logs e
            where e.type = 'login_success' and e.user_id = l.user_id
              and e.created_at < ${since(R.adminNewIp.windowMs)}::timestamptz
          )
        group by l.user_id, l.ip
      `),
      (r) => {
        const [userId, ip] = r.subject.split(' ');
        return `Administrador ${userId ?? ''} entrou de um IP novo: ${ip ?? ''}`;
      },
    );
    push(
      'webhook_signature_failed',
      'warning',
      await grouped(sql`
        select coalesce(ip, '?') as subject, count(*)::integer as occurrences,
               min(created_at) as first_seen, max(created_at) as last_seen
        from security_logs
        where type = 'webhook_signature_failed' and created_at > ${since(R.webhookSignature.windowMs)}::timestamptz
        group by 1
      `),
      (r) => `${r.occurrences} webhook(s) com assinatura inválida vindos de ${r.subject}`,
    );
    return found;
  }

  const windowOf: Record<string, number> = {
    failed_login_burst: MONITORING_RULES.failedLoginBurst.windowMs,
    credential_stuffing: MONITORING_RULES.credentialStuffing.windowMs,
    refresh_token_reuse: MONITORING_RULES.refreshTokenReuse.windowMs,
    admin_new_ip: MONITORING_RULES.adminNewIp.windowMs,
    webhook_signature_failed: MONITORING_RULES.webhookSignature.windowMs,
  };

  async function emailAdmins(alertId: number, finding: Finding): Promise<void> {
    const panel = `${deps.appUrl}/admin/seguranca`;
    await mailAdministrators(db, deps.outbox, {
      key: `security-alert:${alertId}`,
      kind: 'security_alert',
      ...securityAlertMail({
        message: finding.message,
        severity: finding.severity,
        firstSeenAt: finding.firstSeenAt,
        panelUrl: panel,
        shopName: mailShop(deps.storeSettings()).name,
      }),
    });
  }

  const api = {
    /**
     * Runs every rule once. A finding whose subject already has an incident seen within the
     * rule's window updates it; otherwise it is a new incident: an alert, e-mailed.
     */
    async run(): Promise<{ raised: number; ongoing: number }> {
      const at = now();
      let raised = 0;
      let ongoing = 0;
      for (const finding of await findings(at)) {
        const windowStart = new Date(finding.firstSeenAt.getTime() - windowOf[finding.rule]!);
        const [open] = await db
          .update(securityAlerts)
          .set({
            lastSeenAt: finding.lastSeenAt,
            occurrences: sql`greatest(${securityAlerts.occurrences}, ${finding.occurrences})`,
            message: finding.message,
          })
          .where(
            and(
              eq(securityAlerts.rule, finding.rule),
              eq(securityAlerts.subject, finding.subject),
              gt(securityAlerts.lastSeenAt, windowStart),
            ),
          )
          .returning({ id: securityAlerts.id });
        if (open) {
          ongoing += 1;
          continue;
        }
        const [created] = await db
          .insert(securityAlerts)
          .values({ ...finding, createdAt: at })
          .returning({ id: securityAlerts.id });
        if (!created) continue;
        raised += 1;
        await emailAdmins(created.id, finding);
      }
      if (raised > 0) deps.outbox.kick();
      return { raised, ongoing };
    },

    async dashboard(): Promise<SecurityDashboard> {
      const at = now().getTime();
      const since = (ms: number) => new Date(at - ms).toISOString();
      const [counts] = rowsOf<{ total: number; hour: number; day: number; week: number }>(
        await db.execute(sql`
          select count(*)::integer as total,
                 count(*) filter (where created_at > ${since(HOUR)}::timestamptz)::integer as hour,
                 count(*) filter (where created_at > ${since(DAY)}::timestamptz)::integer as day,
                 count(*) filter (where created_at > ${since(7 * DAY)}::timestamptz)::integer as week
          from security_logs
        `),
      );
      const alerts = await db
        .select()
        .from(securityAlerts)
        .orderBy(desc(securityAlerts.lastSeenAt))
        .limit(20);
      const ips = rowsOf<{ ip: string; count: number }>(
        await db.execute(sql`
          select ip, count(*)::integer as count from security_logs
          where ip is not null and created_at > ${since(7 * DAY)}::timestamptz
            and severity <> 'info'
          group by ip order by count(*) desc, ip limit 10
        `),
      );
      return {
        stats: {
          total_entries: counts?.total ?? 0,
          recent_activity: {
            last_hour: counts?.hour ?? 0,
            last_24h: counts?.day ?? 0,
            last_7d: counts?.week ?? 0,
          },
        },
        recent_alerts: alerts.map((alert) => ({
          severity: alert.severity,
          timestamp: alert.lastSeenAt.toISOString(),
          type: alert.rule,
          message: alert.message,
        })),
        top_ips: ips.map((row) => ({ ip: row.ip, count: Number(row.count) })),
      };
    },

    /** Entries older than 12 months go (the privacy policy's promise). */
    async purgeOld(): Promise<number> {
      const before = new Date(now().getTime() - SECURITY_LOG_RETENTION_MS);
      const removed = await db
        .delete(securityLogs)
        .where(lt(securityLogs.createdAt, before))
        .returning({ id: securityLogs.id });
      // The alerts name the same accounts and IPs: they go with the entries they were made of.
      await db.delete(securityAlerts).where(lt(securityAlerts.lastSeenAt, before));
      return removed.length;
    },

    jobs(): JobDefinition[] {
      return [
        {
          name: 'security-monitoring',
          schedule: { cron: '*/5 * * * *' },
          policy: 'singleton',
          run: async (_data, { log }) => {
            const result = await api.run();
            if (result.raised > 0) log.warn(result, 'security alerts raised');
          },
        },
        {
          name: 'security-log-retention',
          schedule: { cron: '17 4 * * *' },
          policy: 'singleton',
          run: async (_data, { log }) => {
            const removed = await api.purgeOld();
            if (removed > 0) log.info({ removed }, 'old security log entries purged');
          },
        },
      ];
    },
  };
  return api;
}

export type SecurityMonitoring = ReturnType<typeof createSecurityMonitoring>;
