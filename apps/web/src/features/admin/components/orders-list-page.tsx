import type { AdminOrderRow } from '@lumina/shared/admin/admin-orders';
import { formatBRL } from '@lumina/shared/format/money';
import { formatDateTime } from '@lumina/shared/format/dates';
import { PAYMENT_ROW_STATUSES } from '@lumina/shared/orders/order-schemas';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@lumina/shared/orders/order-status';
import { PAYMENT_STATUS_LABELS } from '@lumina/shared/payments/payment-status';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageFromParams } from '../../../components/ui/pagination.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { type AdminOrderFilters, useAdminOrders } from '../api/orders.ts';
import { PAID_AFTER_CANCEL } from '../model/order-labels.ts';
import { useCan } from '../../../lib/auth/use-permissions.ts';
import { OrdersExportButton } from './orders-export-dialog.tsx';
import {
  FilterActions,
  FilterBar,
  FilterInput,
  FilterSearch,
  FilterSelect,
} from './list-filters.tsx';
import { ListResults } from './list-results.tsx';
import { OrderBadges } from './order-badges.tsx';
import { OrdersBulkBar } from './orders-bulk-bar.tsx';
import { useListFilters } from './use-list-filters.ts';
import { type RowSelection, useRowSelection } from './use-row-selection.ts';

const FILTER_KEYS = ['status', 'payment_status', 'from', 'to', 'q'] as const;

function filtersFrom(params: URLSearchParams): AdminOrderFilters {
  const filters: AdminOrderFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const page = pageFromParams(params);
  if (page) filters.page = page;
  return filters;
}

function Filters({ initial }: { initial: AdminOrderFilters }) {
  const { field, apply, clear } = useListFilters(FILTER_KEYS, initial);
  const id = useId();

  return (
    <FilterBar label="Filtrar pedidos" className="lg:grid-cols-6" onSubmit={apply}>
      <FilterSearch
        id={`${id}-q`}
        placeholder="Nº do pedido, nome, e-mail ou CPF"
        {...field('q')}
      />
      <FilterSelect
        id={`${id}-status`}
        label="Situação"
        {...field('status')}
        anyLabel="Todas"
        options={ORDER_STATUSES.map((status) => [status, ORDER_STATUS_LABELS[status]] as const)}
      />
      <FilterSelect
        id={`${id}-payment`}
        label="Pagamento"
        {...field('payment_status')}
        anyLabel="Todos"
        options={PAYMENT_ROW_STATUSES.map(
          (status) => [status, PAYMENT_STATUS_LABELS[status]] as const,
        )}
      />
      <FilterInput id={`${id}-from`} label="De" type="date" {...field('from')} />
      <FilterInput id={`${id}-to`} label="Até" type="date" {...field('to')} />
      <FilterActions
        className="lg:col-span-6"
        clearLabel="Limpar filtros"
        submitLabel="Filtrar"
        onClear={clear}
      />
    </FilterBar>
  );
}

/** A row's tick box, a thumb's width wide, named by the order it picks. */
function RowCheckbox({
  order,
  selection,
}: {
  order: { id: number; order_number: string };
  selection: RowSelection;
}) {
  return (
    <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        className="size-5 accent-ink-900"
        aria-label={`Selecionar pedido #${order.order_number}`}
        checked={selection.ids.has(order.id)}
        onChange={(event) => selection.toggle(order.id, event.target.checked)}
      />
    </label>
  );
}

/** The page's orders: the bulk bar, then cards on phones and a table on wider screens. */
function OrderRows({
  orders,
  selection,
}: {
  orders: readonly AdminOrderRow[];
  selection: RowSelection;
}) {
  return (
    <>
      <OrdersBulkBar rows={orders} selection={selection} />
      <ul className="mt-3 space-y-3 md:hidden">
        {orders.map((order) => (
          <li
            key={order.id}
            className="flex items-start rounded-2xl border border-ink-300/60 bg-white pt-1.5 pl-1 hover:border-gold-600"
          >
            <RowCheckbox order={order} selection={selection} />
            <Link
              to={`/admin/pedidos/${order.id}`}
              className="block min-w-0 flex-1 py-2.5 pr-4 pl-1"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-ink-900">{order.order_number}</span>
                <span className="font-semibold text-ink-900">{formatBRL(order.total_cents)}</span>
              </span>
              <span className="mt-1 block text-sm text-ink-700">
                {order.customer_name} · {formatDateTime(order.created_at)}
              </span>
              <span className="mt-2 block">
                <OrderBadges order={order} />
              </span>
              {order.tracking_code ? (
                <span className="mt-2 block font-mono text-sm text-ink-800">
                  {order.tracking_code}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto rounded-2xl border border-ink-300/60 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-cream-100 text-ink-800">
            <tr>
              <th scope="col" className="w-14 px-1.5 py-1">
                <span className="sr-only">Selecionar</span>
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Pedido
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Data
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Cliente
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Situação
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Rastreio
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-300/40">
            {orders.map((order) => (
              <tr key={order.id} className="hover:bg-cream-50">
                <td className="px-1.5 py-1">
                  <RowCheckbox order={order} selection={selection} />
                </td>
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/pedidos/${order.id}`}
                    className="font-semibold text-ink-900 underline-offset-4 hover:underline"
                  >
                    {order.order_number}
                  </Link>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-ink-700">
                  {formatDateTime(order.created_at)}
                </td>
                <td className="px-4 py-3">
                  <span className="block text-ink-900">{order.customer_name}</span>
                  <span className="block text-ink-700">{order.customer_email}</span>
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-ink-900">
                  {formatBRL(order.total_cents)}
                </td>
                <td className="px-4 py-3">
                  <OrderBadges order={order} />
                </td>
                <td className="px-4 py-3 font-mono text-ink-800">{order.tracking_code ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The orders section of the panel: filters in the address, a table (cards on phones), pages. */
export function OrdersListPage() {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const orders = useAdminOrders(filters);
  const data = orders.data;
  const selection = useRowSelection(params.toString());
  const canExport = useCan('reports');

  return (
    <section aria-labelledby="pedidos-admin">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="pedidos-admin" className="font-serif text-3xl text-ink-900">
          Pedidos
        </h1>
        {canExport ? <OrdersExportButton /> : null}
      </div>
      {data && data.alerts.paid_after_cancel > 0 ? (
        <FormAlert kind="warning" className="mb-4" title={PAID_AFTER_CANCEL}>
          <p className="mt-1">
            {data.alerts.paid_after_cancel === 1
              ? '1 pedido cancelado recebeu pagamento depois. Abra-o para restaurar o pedido ou devolver o valor.'
              : `${data.alerts.paid_after_cancel} pedidos cancelados receberam pagamento depois. Abra-os para restaurar o pedido ou devolver o valor.`}
          </p>
        </FormAlert>
      ) : null}
      <Filters key={params.toString()} initial={filters} />
      <ListResults
        list={orders}
        loadingLabel="Carregando pedidos..."
        count={(total) => (total === 1 ? '1 pedido' : `${total} pedidos`)}
        empty="Nenhum pedido encontrado."
        rowsOf={(page) => page.orders}
      >
        {(page) => <OrderRows orders={page.orders} selection={selection} />}
      </ListResults>
    </section>
  );
}
