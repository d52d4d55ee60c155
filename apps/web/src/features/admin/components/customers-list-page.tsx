import {
  type AdminCustomerRow,
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  type CustomerSort,
} from '@lumina/shared/admin/customers';
import { formatDate } from '@lumina/shared/format/dates';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination, pageFromParams } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type AdminCustomerFilters, useAdminCustomers } from '../api/customers.ts';
import { formatReais, identityLine } from '../model/customer-view.ts';
import { FilterBar, FilterInput, FilterSelect, ListLoadError } from './list-filters.tsx';

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

function Filters({ initial }: { initial: AdminCustomerFilters }) {
  const [, setParams] = useSearchParams();
  const [q, setQ] = useState(initial.q ?? '');
  const [sort, setSort] = useState<string>(initial.sort ?? '');
  const [direction, setDirection] = useState<string>(initial.direction ?? '');
  const id = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (q.trim()) next.set('q', q.trim());
    if (sort) next.set('sort', sort);
    if (direction) next.set('direction', direction);
    setParams(next);
  };
  const clear = () => {
    setQ('');
    setSort('');
    setDirection('');
    setParams(new URLSearchParams());
  };

  return (
    <FilterBar label="Buscar clientes" className="lg:grid-cols-4" onSubmit={apply}>
      <FilterInput
        id={`${id}-q`}
        label="Buscar"
        className="sm:col-span-2"
        type="search"
        maxLength={100}
        placeholder="Nome, e-mail, telefone ou CPF"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      <FilterSelect
        id={`${id}-sort`}
        label="Ordenar por"
        value={sort}
        onChange={(event) => setSort(event.target.value)}
        anyLabel={`${CUSTOMER_SORT_LABELS.last_order} (padrão)`}
        options={CUSTOMER_SORTS.filter((key) => key !== 'last_order').map(
          (key) => [key, CUSTOMER_SORT_LABELS[key]] as const,
        )}
      />
      <FilterSelect
        id={`${id}-direction`}
        label="Ordem"
        value={direction}
        onChange={(event) => setDirection(event.target.value)}
        anyLabel="Decrescente"
        options={[['asc', 'Crescente']]}
      />
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4 lg:justify-end">
        <Button type="button" variant="ghost" size="sm" onClick={clear}>
          Limpar
        </Button>
        <Button type="submit" size="sm">
          Buscar
        </Button>
      </div>
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
  const data = customers.data;

  return (
    <section aria-labelledby="clientes-admin">
      <h1 id="clientes-admin" className="mb-4 font-serif text-3xl text-ink-900">
        Clientes
      </h1>
      <Filters key={params.toString()} initial={filters} />
      {customers.isError ? (
        <ListLoadError
          className="mt-4"
          message={customers.error.message}
          onRetry={() => void customers.refetch()}
        />
      ) : null}
      {customers.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando clientes..." />
        </div>
      ) : null}
      {data ? (
        <>
          <p className="mt-4 text-sm text-ink-700" aria-live="polite">
            {data.total === 1 ? '1 cliente' : `${data.total} clientes`}
          </p>
          {data.customers.length === 0 ? (
            <p className="py-10 text-center text-ink-700">Nenhum cliente encontrado.</p>
          ) : (
            <>
              <ul aria-label="Clientes" className="mt-3 space-y-3 md:hidden">
                {data.customers.map((customer) => (
                  <CustomerCard key={customer.id} customer={customer} />
                ))}
              </ul>
              <CustomerTable customers={data.customers} />
              <Pagination page={data.page} totalPages={data.total_pages} label="Páginas" />
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
