import {
  DASHBOARD_PERIODS,
  type DashboardFigures as Figures,
  type DashboardPeriod,
} from '@lumina/shared/admin/dashboard';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { brl, changeText, percentText } from '../model/dashboard-view.ts';
import { ReminderFigures } from './reminder-figures.tsx';
import { Card } from './stat-cards.tsx';

// Chart.js travels in the charts' own chunk, fetched once figures are on screen.
const DashboardCharts = lazy(async () => ({
  default: (await import('./dashboard-charts.tsx')).DashboardCharts,
}));

/** 7, 30 or 90 days: segmented buttons, the chosen one pressed. */
export function PeriodSwitch({
  period,
  onChange,
}: {
  period: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Período"
      className="inline-flex rounded-full border border-ink-300 bg-white p-1"
    >
      {DASHBOARD_PERIODS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={days === period}
          onClick={() => onChange(days)}
          className={cn(
            'min-h-10 rounded-full px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600',
            days === period ? 'bg-ink-900 text-cream-50' : 'text-ink-800 hover:bg-cream-200',
          )}
        >
          {days} dias
        </button>
      ))}
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function FigureCards({ figures }: { figures: Figures }) {
  const { totals, previous, conversion, customers } = figures;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Card
        label="Receita"
        value={brl(totals.revenue)}
        hint={changeText(totals.revenue, previous.revenue)}
      />
      <Card
        label="Pedidos"
        value={totals.orders}
        hint={changeText(totals.orders, previous.orders)}
      />
      <Card
        label="Ticket médio"
        value={brl(totals.average_order_value)}
        hint={changeText(totals.average_order_value, previous.average_order_value)}
      />
      <Card
        label="Conversão"
        value={percentText(conversion.rate)}
        hint={`${count(conversion.carts, 'carrinho', 'carrinhos')} → ${count(conversion.paid_orders, 'pedido pago', 'pedidos pagos')}`}
      />
      <Card
        label="Clientes"
        value={customers.new + customers.returning}
        hint={`${count(customers.new, 'novo', 'novos')} · ${count(customers.returning, 'recorrente', 'recorrentes')}`}
      />
    </dl>
  );
}

function BestSellers({ rows }: { rows: Figures['best_sellers'] }) {
  return (
    <section
      aria-labelledby="mais-vendidos"
      className="rounded-2xl border border-ink-300/60 bg-white p-4"
    >
      <h3 id="mais-vendidos" className="font-semibold text-ink-900">
        Mais vendidos
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">Nenhuma venda no período.</p>
      ) : (
        <ol className="mt-2 divide-y divide-ink-300/40">
          {rows.map((row, index) => (
            <li
              key={row.variant_id ?? `${row.name}-${index}`}
              className="flex items-baseline gap-3 py-2 text-sm"
            >
              <span className="w-5 shrink-0 text-right text-ink-500">{index + 1}.</span>
              <span className="min-w-0 flex-1">
                <span className="block text-ink-900">{row.name}</span>
                {row.variant_label || row.sku ? (
                  <span className="block text-ink-700">
                    {[row.variant_label, row.sku].filter(Boolean).join(' · ')}
                  </span>
                ) : null}
              </span>
              <span className="shrink-0 text-right">
                <span className="block font-semibold text-ink-900">{brl(row.revenue)}</span>
                <span className="block text-ink-700">
                  {count(row.quantity, 'unidade', 'unidades')}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The period's figures (the 'reports' permission): cards, charts and the best sellers. */
export function DashboardFigures({
  figures,
  period,
  onPeriodChange,
  updating,
}: {
  figures: Figures;
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  /** The chosen period's figures are on their way; the ones shown are the last period's. */
  updating: boolean;
}) {
  return (
    <section aria-labelledby="numeros-admin" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="numeros-admin" className="font-serif text-2xl text-ink-900">
          Números da loja
        </h2>
        <div className="flex items-center gap-2">
          {updating ? <Spinner size="sm" label="Atualizando números..." /> : null}
          <PeriodSwitch period={period} onChange={onPeriodChange} />
        </div>
      </div>
      <div className={cn('space-y-4', updating && 'opacity-60')}>
        <FigureCards figures={figures} />
        <Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner label="Carregando gráficos..." />
            </div>
          }
        >
          <DashboardCharts figures={figures} />
        </Suspense>
        <BestSellers rows={figures.best_sellers} />
        <ReminderFigures period={period} />
      </div>
    </section>
  );
}
