import {
  type AdminCustomerRow,
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  type CustomerSort,
} from '@lumina/shared/admin/customers';
import { formatDate } from '@lumina/shared/format/dates';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageFromParams } from '../../../components/ui/pagination.tsx';
import { type AdminCustomerFilters, useAdminCustomers } from '../api/customers.ts';
import { formatReais, identityLine } from '../model/customer-view.ts';
import { FilterActions, FilterBar, FilterSearch, FilterSelect } from './list-filters.tsx';
import { ListResults } from './list-results.tsx';
import { useListFilters } from './use-list-filters.ts';

function isSort(value: string | null): value is CustomerSort {
  return (CUSTOMER_SORTS as readonly (string | null)[]).includes(value);
}

function filtersFrom(params: URLSearchParams): AdminCustomerFilters {
  const q = params.get('q')?.trim();
  const sort = params.get('sort');
  const direction = params.get('direction');
  const page = pageFromParams(params);
  return {
    ...(q && { q }),
    ...(isSort(sort) && { sort }),
    ...((direction === 'asc' || direction === 'desc') && { direction }),
    ...(page && { page }),
  };
}

const FILTER_KEYS = ['q', 'sort', 'direction'] as const;

function Filters({ initial }: { initial: AdminCustomerFilters }) {
  const { field, apply, clear } = useListFilters(FILTER_KEYS, initial);
  const id = useId();

  return (
    <FilterBar label="Buscar clientes" className="lg:grid-cols-4" onSubmit={apply}>
      <FilterSearch id={`${id}-q`} placeholder="Nome, e-mail, telefone ou CPF" {...field('q')} />
      <FilterSelect
        id={`${id}-sort`}
        label="Ordenar por"
        {...field('sort')}
        anyLabel={`${CUSTOMER_SORT_LABELS.last_order} (padrão)`}
        options={CUSTOMER_SORTS.filter((key) => key !== 'last_order').map(
          (key) => [key, CUSTOMER_SORT_LABELS[key]] as const,
        )}
      />
      <FilterSelect
        id={`${id}-direction`}
        label="Ordem"
        {...field('direction')}
        anyLabel="Decrescente"
        options={[['asc', 'Crescente']]}
      />
      <FilterActions
        className="lg:col-span-4"
        clearLabel="Limpar"
        submitLabel="Buscar"
        onClear={clear}
      />
    </FilterBar>
  );
}

function ordersText(count: number): string {
  return count === 1 ? '1 pedido pago' : `${count} pedidos pagos`;
}

function lastOrderText(customer: AdminCustomerRow): string {
  return customer.last_order_at ? formatDate(customer.last_order_at) : 'Nenhum pedido';
}

function CustomerCard({ customer }: { customer: AdminCustomerRow }) {
  const identity = identityLine(customer);
  return (
    <li className="rounded-2xl border border-ink-300/60 bg-white hover:border-gold-600">
      <Link
        to={`/admin/clientes/${customer.id}`}
        aria-label={`Cliente ${customer.name}`}
        className="block px-4 py-3"
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className="min-w-0 font-semibold break-words text-ink-900">{customer.name}</span>
          <span className="shrink-0 font-semibold text-ink-900">
            {formatReais(customer.total_spent)}
          </span>
        </span>
        <span className="mt-1 block text-sm break-all text-ink-700">{customer.email}</span>
        {identity ? <span className="mt-1 block text-sm text-ink-700">{identity}</span> : null}
        <span className="mt-2 block text-sm text-ink-800">
          {ordersText(customer.orders_count)} · Último: {lastOrderText(customer)}
        </span>
        {customer.marketing_consent ? (
          <span className="mt-1 block text-xs text-success">Aceita e-mails de marketing</span>
        ) : null}
      </Link>
    </li>
  );
}

function CustomerTable({ customers }: { customers: AdminCustomerRow[] }) {
  return (
    <div className="mt-3 hidden overflow-x-auto rounded-2xl border border-ink-300/60 bg-white md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-cream-100 text-ink-800">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Cliente
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Cadastro
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Pedidos pagos
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Total gasto
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Último pedido
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Marketing
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-300/40">
          {customers.map((customer) => (
            <tr key={customer.id} className="hover:bg-cream-50">
              <td className="px-4 py-3">
                <Link
                  to={`/admin/clientes/${customer.id}`}
                  className="font-semibold text-ink-900 underline-offset-4 hover:underline"
                >
                  {customer.name}
                </Link>
                <span className="block text-ink-700">{customer.email}</span>
                {identityLine(customer) ? (
                  <span className="block text-ink-700">{identityLine(customer)}</span>
                ) : null}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-700">
                {formatDate(customer.created_at)}
              </td>
              <td className="px-4 py-3 text-right text-ink-900">{customer.orders_count}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-ink-900">
                {formatReais(customer.total_spent)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-700">
                {lastOrderText(customer)}
              </td>
              <td className="px-4 py-3 text-ink-700">
                {customer.marketing_consent ? 'Aceita' : 'Não'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The customers section of the panel: search and order in the address, cards on phones, pages. */
export function CustomersListPage() {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const customers = useAdminCustomers(filters);

  return (
    <section aria-labelledby="clientes-admin">
      <h1 id="clientes-admin" className="mb-4 font-serif text-3xl text-ink-900">
        Clientes
      </h1>
      <Filters key={params.toString()} initial={filters} />
      <ListResults
        list={customers}
        loadingLabel="Carregando clientes..."
        count={(total) => (total === 1 ? '1 cliente' : `${total} clientes`)}
        empty="Nenhum cliente encontrado."
        rowsOf={(data) => data.customers}
      >
        {(data) => (
          <>
            <ul aria-label="Clientes" className="mt-3 space-y-3 md:hidden">
              {data.customers.map((customer) => (
                <CustomerCard key={customer.id} customer={customer} />
              ))}
            </ul>
            <CustomerTable customers={data.customers} />
          </>
        )}
      </ListResults>
    </section>
  );
}
