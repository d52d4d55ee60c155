import {
  SECURITY_EXPORT_MAX_DAYS,
  type MonitoringRun,
  type SecurityDashboard,
} from '@lumina/shared/admin/security';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ADMIN_MESSAGES } from '../api/admin-request.ts';
import {
  downloadSecurityLogs,
  type SecurityExportFormat,
  useRunMonitoring,
  useSecurityDashboard,
} from '../api/security.ts';
import { Card } from './stat-cards.tsx';

type Severity = SecurityDashboard['recent_alerts'][number]['severity'];

const SEVERITY_BADGES: Record<Severity, { label: string; variant: BadgeVariant }> = {
  critical: { label: 'Crítico', variant: 'sale' },
  warning: { label: 'Atenção', variant: 'gold' },
  info: { label: 'Info', variant: 'muted' },
};

interface Notice {
  kind: 'success' | 'error';
  message: string;
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const formatCount = (n: number) => n.toLocaleString('pt-BR');

/** 'Monitoramento executado. 1 alerta novo.' */
function monitoringLine({ message, alerts_raised: raised }: MonitoringRun): string {
  if (raised === 0) return `${message} Nenhum alerta novo.`;
  return `${message} ${raised} ${raised === 1 ? 'alerta novo' : 'alertas novos'}.`;
}

function Figures({ stats }: { stats: SecurityDashboard['stats'] }) {
  const activity = stats.recent_activity;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Card label="Registros" value={formatCount(stats.total_entries)} />
      <Card label="Última hora" value={formatCount(activity.last_hour)} />
      <Card label="Últimas 24 horas" value={formatCount(activity.last_24h)} />
      <Card label="Últimos 7 dias" value={formatCount(activity.last_7d)} />
    </dl>
  );
}

function RecentAlerts({ alerts }: { alerts: SecurityDashboard['recent_alerts'] }) {
  return (
    <section
      aria-labelledby="alertas-recentes"
      className="rounded-2xl border border-ink-300/60 bg-white p-4 lg:col-span-2"
    >
      <h2 id="alertas-recentes" className="font-serif text-xl text-ink-900">
        Alertas recentes
      </h2>
      {alerts.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">Nenhum alerta até agora.</p>
      ) : (
        <ul className="mt-2 divide-y divide-ink-300/40 text-sm">
          {alerts.map((alert, index) => (
            // Two alerts may share a timestamp and a type: the position keeps the keys unique.
            <li
              key={`${index}-${alert.timestamp}`}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-3"
            >
              <span className="shrink-0">
                <Badge variant={SEVERITY_BADGES[alert.severity].variant}>
                  {SEVERITY_BADGES[alert.severity].label}
                </Badge>
              </span>
              <p className="min-w-0 flex-1 break-words text-ink-900">{alert.message}</p>
              <time dateTime={alert.timestamp} className="shrink-0 text-xs text-ink-700">
                {formatDate(alert.timestamp)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TopIps({ ips }: { ips: SecurityDashboard['top_ips'] }) {
  return (
    <section
      aria-labelledby="ips-avisos"
      className="rounded-2xl border border-ink-300/60 bg-white p-4"
    >
      <h2 id="ips-avisos" className="font-serif text-xl text-ink-900">
        IPs com mais avisos (7 dias)
      </h2>
      {ips.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">Nenhum aviso nos últimos 7 dias.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm" aria-labelledby="ips-avisos">
          <thead className="text-ink-800">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                IP
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Avisos
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-300/40">
            {ips.map(({ ip, count }) => (
              <tr key={ip}>
                <td className="py-2 pr-3 font-mono break-all text-ink-900">{ip}</td>
                <td className="py-2 text-right">{formatCount(count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Dashboard() {
  const dashboard = useSecurityDashboard();
  const data = dashboard.data;
  if (data) {
    return (
      <>
        <section aria-label="Resumo de segurança" className="space-y-2">
          {dashboard.isError ? (
            <FormAlert kind="warning" messages={[ADMIN_MESSAGES.cachedData]} />
          ) : null}
          <Figures stats={data.stats} />
        </section>
        <div className="grid gap-4 lg:grid-cols-3">
          <RecentAlerts alerts={data.recent_alerts} />
          <TopIps ips={data.top_ips} />
        </div>
      </>
    );
  }
  if (dashboard.isError) return <FormAlert kind="error" messages={[dashboard.error.message]} />;
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Carregando segurança..." />
    </div>
  );
}

/** The panel's security dashboard (spec 001 §2, §7): the log's figures, alerts, run, export. */
export function SecurityPage() {
  const monitoring = useRunMonitoring();
  const exporting = useMutation({ mutationFn: downloadSecurityLogs });
  const [notice, setNotice] = useState<Notice | null>(null);
  const hintId = useId();
  const busy = monitoring.isPending || exporting.isPending;
  const onError = (error: Error) => setNotice({ kind: 'error', message: error.message });

  const exportAs = (format: SecurityExportFormat) => {
    setNotice(null);
    exporting.mutate(format, { onError });
  };

  return (
    <section aria-labelledby="seguranca-admin" className="space-y-5">
      <h1 id="seguranca-admin" className="font-serif text-3xl text-ink-900">
        Segurança
      </h1>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={busy}
            onClick={() => {
              setNotice(null);
              monitoring.mutate(undefined, {
                onSuccess: (run) => setNotice({ kind: 'success', message: monitoringLine(run) }),
                onError,
              });
            }}
          >
            {monitoring.isPending ? 'Executando...' : 'Executar monitoramento'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => exportAs('csv')}
          >
            Exportar CSV
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => exportAs('json')}
          >
            Exportar JSON
          </Button>
        </div>
        <p id={hintId} className="text-sm text-ink-700">
          Os últimos {SECURITY_EXPORT_MAX_DAYS} dias do registro de segurança.
        </p>
      </div>
      {notice ? <FormAlert kind={notice.kind} messages={[notice.message]} /> : null}
      <Dashboard />
    </section>
  );
}
