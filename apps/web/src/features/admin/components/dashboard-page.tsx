import type { DashboardPeriod } from '@lumina/shared/admin/dashboard';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDashboard } from '../api/dashboard.ts';
import { periodFrom } from '../model/dashboard-view.ts';
import { DashboardFigures } from './dashboard-figures.tsx';
import { DashboardQueue } from './dashboard-queue.tsx';
import { ListLoadError } from './list-filters.tsx';
import { CACHED_DATA_NOTICE } from './stat-cards.tsx';

/**
 * /admin: the panel's home. First what waits for someone (what the role reaches), then, for a
 * role with reports, the period's figures; the period lives in the address (?periodo=7).
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params);
  const dashboard = useDashboard(period);
  const data = dashboard.data;

  const choosePeriod = (next: DashboardPeriod) => {
    const search = new URLSearchParams(params);
    search.set('periodo', String(next));
    setParams(search, { replace: true });
  };

  return (
    <div className="space-y-8">
      <h1 className="font-serif text-3xl text-ink-900">Início</h1>
      {dashboard.isError && !data ? (
        <ListLoadError message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
      ) : null}
      {dashboard.isError && data ? (
        <FormAlert kind="warning" messages={[CACHED_DATA_NOTICE]} />
      ) : null}
      {dashboard.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando o painel..." />
        </div>
      ) : null}
      {data ? (
        <>
          <DashboardQueue queue={data.queue} />
          {data.figures ? (
            <DashboardFigures
              figures={data.figures}
              period={period}
              onPeriodChange={choosePeriod}
              updating={dashboard.isPlaceholderData}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
