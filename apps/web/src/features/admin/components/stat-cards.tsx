import type { AdminStats } from '@lumina/shared/admin/admin-stats';
import { formatBRL } from '@lumina/shared/format/money';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminStats } from '../api/catalog.ts';
import { ADMIN_MESSAGES } from '../api/admin-request.ts';

export const CACHED_DATA_NOTICE = ADMIN_MESSAGES.cachedData;

const brl = (reais: number) => formatBRL(Math.round(reais * 100));
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One figure of the panel (its stat cards, the security dashboard). */
export function Card({
  label,
  value,
  hint,
}: {
  label: string;
  value: string | number;
  hint?: string;
}) {
  return (
    <div className="rounded-2xl border border-ink-300/60 bg-white p-4">
      <dt className="text-xs font-semibold tracking-wide text-ink-700 uppercase">{label}</dt>
      <dd className="mt-1 font-serif text-2xl text-ink-900">{value}</dd>
      {hint ? <dd className="text-xs text-ink-700">{hint}</dd> : null}
    </div>
  );
}

function Cards({ stats }: { stats: AdminStats }) {
  const { products, orders, customers } = stats;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Card
        label="Vendas hoje"
        value={brl(orders.revenue.today)}
        hint={`${count(orders.today, 'pedido', 'pedidos')} hoje`}
      />
      <Card
        label="Vendas 7 / 30 dias"
        value={brl(orders.revenue.last_7_days)}
        hint={`30 dias: ${brl(orders.revenue.last_30_days)}`}
      />
      <Card
        label="Aguardando pagamento"
        value={orders.awaiting_payment}
        hint={count(orders.paid_not_shipped, 'pago a enviar', 'pagos a enviar')}
      />
      <Card
        label="Clientes"
        value={customers.total}
        hint={`${count(customers.new_last_7_days, 'novo', 'novos')} em 7 dias`}
      />
      <Card
        label="Produtos"
        value={products.total}
        hint={`${count(products.active, 'ativo', 'ativos')} · ${count(products.inactive, 'inativo', 'inativos')}`}
      />
      <Card label="Sem estoque" value={products.out_of_stock} hint="ativos com 0 unidades" />
      <Card label="Do Bling" value={products.from_bling} />
      <Card
        label="Sincronização"
        value={products.pending + products.failed}
        hint={`${count(products.pending, 'pendente', 'pendentes')} · ${products.failed} com falha`}
      />
    </dl>
  );
}

/** The panel's stat cards (spec 001 §2); a failed reload keeps the last figures and says so. */
export function StatCards() {
  const stats = useAdminStats();
  if (stats.data) {
    return (
      <section aria-label="Resumo da loja" className="space-y-2">
        {stats.isError ? <FormAlert kind="warning" messages={[CACHED_DATA_NOTICE]} /> : null}
        <Cards stats={stats.data} />
      </section>
    );
  }
  if (stats.isError) return <FormAlert kind="error" messages={[stats.error.message]} />;
  return (
    <div className="flex justify-center py-6">
      <Spinner label="Carregando resumo..." />
    </div>
  );
}
