import type { DashboardPeriod } from '@lumina/shared/admin/dashboard';
import { useReminderStats } from '../api/reminders.ts';
import { brl } from '../model/dashboard-view.ts';
import { Card } from './stat-cards.tsx';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The home's reminder figures for its period (the 'reports' permission, as the figures above):
 * reminder e-mails sent, restored carts that became paid orders, and those orders' revenue.
 * Its own small read, so the home's figures never wait for it.
 */
export function ReminderFigures({ period }: { period: DashboardPeriod }) {
  const stats = useReminderStats(period);
  if (!stats.data) return null;
  const { sent, restored, carts_recovered, revenue_recovered } = stats.data;
  return (
    <section aria-labelledby="lembretes-admin" className="space-y-2">
      <h3 id="lembretes-admin" className="font-semibold text-ink-900">
        Lembretes de carrinho e PIX
      </h3>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Card
          label="Lembretes enviados"
          value={sent}
          hint={`${count(restored, 'carrinho recuperado pelo link', 'carrinhos recuperados pelo link')}`}
        />
        <Card
          label="Carrinhos recuperados"
          value={carts_recovered}
          hint={count(carts_recovered, 'pedido pago', 'pedidos pagos')}
        />
        <Card
          label="Receita recuperada"
          value={brl(revenue_recovered)}
          hint="Pedidos pagos até 7 dias após recuperar o carrinho"
        />
      </dl>
    </section>
  );
}
