import type { DashboardFigures } from '@lumina/shared/admin/dashboard';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { type ReactNode, useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion.ts';
import { brl, categoryLabel, dayMonth, paymentMethodLabel } from '../model/dashboard-view.ts';

// Only what these four charts draw: the rest of Chart.js stays out of the bundle.
Chart.register(
  LineController,
  BarController,
  DoughnutController,
  LineElement,
  PointElement,
  BarElement,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

// The shop's palette (styles.css): gold for this period, stone for the one before.
const GOLD = '#bf9137';
const INK = '#44403c';
const STONE = '#a8a29e';
const SLICES = ['#bf9137', '#44403c', '#e3c77f', '#78716c', '#7a5a1e', '#d6d3d1'];
const FONT = { family: 'system-ui, sans-serif', size: 11 };

type AnyChartConfig = ChartConfiguration<'line' | 'bar' | 'doughnut'>;

/** 'R$ 1,2 mil' on an axis, where a full amount would take half a phone's width. */
function axisMoney(value: number | string): string {
  const reais = Number(value);
  if (Math.abs(reais) >= 1000) {
    return `R$ ${(reais / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mil`;
  }
  return `R$ ${reais.toLocaleString('pt-BR', { maximumFractionDigits: 0 })}`;
}

/** jsdom (the tests) and very old browsers draw no canvas: the table says it all there. */
const canDraw = () => typeof window !== 'undefined' && 'CanvasRenderingContext2D' in window;

/** A Chart.js chart on the canvas, drawn again when its data changes, destroyed on leaving. */
function useChart(config: () => AnyChartConfig, deps: unknown[]) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const reduceMotion = usePrefersReducedMotion();
  useEffect(() => {
    if (!canvas.current || !canDraw()) return;
    const built = config();
    const chart = new Chart(canvas.current, {
      ...built,
      options: {
        ...built.options,
        responsive: true,
        maintainAspectRatio: false,
        animation: reduceMotion ? false : { duration: 400 },
      },
    });
    return () => chart.destroy();
    // The config is rebuilt from `deps`; a new function each render is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reduceMotion, ...deps]);
  return canvas;
}

/**
 * One chart of the home: its title, the canvas (an image named by `summary` for screen readers)
 * in a box of fixed height, and the same figures as a table under 'Ver como tabela'.
 */
function ChartFigure({
  title,
  summary,
  canvas,
  table,
  height = 'h-56',
}: {
  title: string;
  summary: string;
  canvas: React.RefObject<HTMLCanvasElement | null>;
  table: ReactNode;
  height?: string;
}) {
  return (
    <figure className="min-w-0 rounded-2xl border border-ink-300/60 bg-white p-4">
      <figcaption className="font-semibold text-ink-900">{title}</figcaption>
      <div role="img" aria-label={summary} className={`relative mt-3 w-full ${height}`}>
        <canvas ref={canvas} />
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-ink-700 underline-offset-4 hover:underline">
          Ver como tabela
        </summary>
        <div className="mt-2 max-h-80 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-cream-100 text-ink-800">
        <tr>
          {head.map((cell, index) => (
            <th key={cell} scope="col" className={`px-3 py-2 ${index > 0 ? 'text-right' : ''}`}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-300/40">
        {rows.map(([first, ...rest]) => (
          <tr key={String(first)}>
            <th scope="row" className="px-3 py-1.5 font-normal text-ink-900">
              {first}
            </th>
            {rest.map((cell, index) => (
              <td key={index} className="px-3 py-1.5 text-right whitespace-nowrap text-ink-900">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function peakText(
  daily: DashboardFigures['daily'],
  pick: (day: DashboardFigures['daily'][number]) => number,
  show: (n: number) => string,
) {
  const best = daily.reduce<DashboardFigures['daily'][number] | undefined>(
    (top, day) => (top === undefined || pick(day) > pick(top) ? day : top),
    undefined,
  );
  return best && pick(best) > 0 ? `; maior dia ${dayMonth(best.date)}, ${show(pick(best))}` : '';
}

function lineScales(money: boolean) {
  return {
    x: { ticks: { maxTicksLimit: 6, maxRotation: 0, font: FONT }, grid: { display: false } },
    y: {
      beginAtZero: true,
      ticks: {
        maxTicksLimit: 5,
        font: FONT,
        precision: 0,
        ...(money && { callback: (value: number | string) => axisMoney(value) }),
      },
    },
  };
}

const legend = { position: 'bottom' as const, labels: { boxWidth: 12, font: FONT } };

function RevenueChart({ figures }: { figures: DashboardFigures }) {
  const { daily } = figures;
  const canvas = useChart(
    () => ({
      type: 'line',
      data: {
        labels: daily.map((day) => dayMonth(day.date)),
        datasets: [
          {
            label: 'Este período',
            data: daily.map((day) => day.revenue),
            borderColor: GOLD,
            backgroundColor: GOLD,
            borderWidth: 2,
            pointRadius: daily.length > 31 ? 0 : 2,
            tension: 0.25,
          },
          {
            label: 'Período anterior',
            data: daily.map((day) => day.previous_revenue),
            borderColor: STONE,
            backgroundColor: STONE,
            borderDash: [4, 4],
            borderWidth: 1.5,
            pointRadius: 0,
            tension: 0.25,
          },
        ],
      },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: lineScales(true),
        plugins: {
          legend,
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${brl(item.parsed.y ?? 0)}`,
            },
          },
        },
      },
    }),
    [daily],
  );
  const summary =
    `Receita por dia de ${dayMonth(figures.from)} a ${dayMonth(figures.to)}: ` +
    `${brl(sum(daily.map((day) => day.revenue)))} no período, contra ` +
    `${brl(sum(daily.map((day) => day.previous_revenue)))} no período anterior` +
    peakText(daily, (day) => day.revenue, brl);
  return (
    <ChartFigure
      title="Receita por dia"
      summary={summary}
      canvas={canvas}
      table={
        <DataTable
          caption="Receita por dia"
          head={['Dia', 'Receita', 'Período anterior']}
          rows={daily.map((day) => [
            dayMonth(day.date),
            brl(day.revenue),
            brl(day.previous_revenue),
          ])}
        />
      }
    />
  );
}

function OrdersChart({ figures }: { figures: DashboardFigures }) {
  const { daily } = figures;
  const canvas = useChart(
    () => ({
      type: 'bar',
      data: {
        labels: daily.map((day) => dayMonth(day.date)),
        datasets: [
          { label: 'Este período', data: daily.map((day) => day.orders), backgroundColor: INK },
          {
            label: 'Período anterior',
            data: daily.map((day) => day.previous_orders),
            backgroundColor: '#d6d3d1',
          },
        ],
      },
      options: { scales: lineScales(false), plugins: { legend } },
    }),
    [daily],
  );
  const summary =
    `Pedidos por dia de ${dayMonth(figures.from)} a ${dayMonth(figures.to)}: ` +
    `${sum(daily.map((day) => day.orders))} no período, contra ` +
    `${sum(daily.map((day) => day.previous_orders))} no período anterior` +
    peakText(daily, (day) => day.orders, String);
  return (
    <ChartFigure
      title="Pedidos por dia"
      summary={summary}
      canvas={canvas}
      table={
        <DataTable
          caption="Pedidos por dia"
          head={['Dia', 'Pedidos', 'Período anterior']}
          rows={daily.map((day) => [dayMonth(day.date), day.orders, day.previous_orders])}
        />
      }
    />
  );
}

function PaymentMethodChart({ figures }: { figures: DashboardFigures }) {
  const rows = figures.by_payment_method;
  const canvas = useChart(
    () => ({
      type: 'doughnut',
      data: {
        labels: rows.map((row) => paymentMethodLabel(row.method)),
        datasets: [
          { data: rows.map((row) => row.revenue), backgroundColor: SLICES, borderWidth: 1 },
        ],
      },
      options: {
        plugins: {
          legend,
          tooltip: { callbacks: { label: (item) => `${item.label}: ${brl(item.parsed)}` } },
        },
      },
    }),
    [rows],
  );
  const summary =
    rows.length === 0
      ? 'Receita por forma de pagamento: nenhuma venda no período'
      : `Receita por forma de pagamento: ${rows
          .map((row) => `${paymentMethodLabel(row.method)} ${brl(row.revenue)}`)
          .join(', ')}`;
  return (
    <ChartFigure
      title="Por forma de pagamento"
      summary={summary}
      canvas={canvas}
      table={
        <DataTable
          caption="Receita por forma de pagamento"
          head={['Forma', 'Receita', 'Pedidos']}
          rows={rows.map((row) => [paymentMethodLabel(row.method), brl(row.revenue), row.orders])}
        />
      }
    />
  );
}

function CategoryChart({ figures }: { figures: DashboardFigures }) {
  const rows = figures.by_category;
  const canvas = useChart(
    () => ({
      type: 'bar',
      data: {
        labels: rows.map((row) => categoryLabel(row.category)),
        datasets: [
          { label: 'Receita', data: rows.map((row) => row.revenue), backgroundColor: GOLD },
        ],
      },
      options: {
        indexAxis: 'y',
        scales: {
          x: {
            beginAtZero: true,
            ticks: { maxTicksLimit: 4, font: FONT, callback: (value) => axisMoney(value) },
          },
          y: { ticks: { font: FONT }, grid: { display: false } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => brl(item.parsed.x ?? 0) } },
        },
      },
    }),
    [rows],
  );
  const summary =
    rows.length === 0
      ? 'Receita por categoria: nenhuma venda no período'
      : `Receita por categoria: ${rows
          .map((row) => `${categoryLabel(row.category)} ${brl(row.revenue)}`)
          .join(', ')}`;
  return (
    <ChartFigure
      title="Por categoria"
      summary={summary}
      canvas={canvas}
      table={
        <DataTable
          caption="Receita por categoria"
          head={['Categoria', 'Receita']}
          rows={rows.map((row) => [categoryLabel(row.category), brl(row.revenue)])}
        />
      }
    />
  );
}

/**
 * The home's charts, in their own chunk: Chart.js is downloaded by those who see the figures,
 * never by shoppers nor by a role without reports.
 */
export function DashboardCharts({ figures }: { figures: DashboardFigures }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <RevenueChart figures={figures} />
      <OrdersChart figures={figures} />
      <PaymentMethodChart figures={figures} />
      <CategoryChart figures={figures} />
    </div>
  );
}
