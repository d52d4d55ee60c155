import { formatDate } from '@lumina/shared/format/dates';
import {
  type AdminReturnJson,
  RETURN_ANSWER_DAYS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  RETURN_TYPE_LABELS,
  RETURN_TYPES,
  WITHDRAWAL_DAYS,
} from '@lumina/shared/returns/return-schemas';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Pagination, pageFromParams } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { type AdminReturnFilters, RETURNS_PER_PAGE, useAdminReturns } from '../api/returns.ts';
import { answerDeadlineText } from '../model/return-labels.ts';
import { FilterBar, FilterSelect, ListLoadError } from './list-filters.tsx';
import { RETURN_STATUS_BADGES } from './return-badges.ts';

/** 'aberto' in the address asks the open ones only (requested, instructions sent, received). */
const OPEN = 'aberto';

function filtersFrom(params: URLSearchParams): AdminReturnFilters {
  const filters: AdminReturnFilters = {};
  const status = params.get('status');
  if (status === OPEN) filters.open = 'true';
  else if (status && (RETURN_STATUSES as readonly string[]).includes(status)) {
    filters.status = status;
  }
  const type = params.get('type');
  if (type && (RETURN_TYPES as readonly string[]).includes(type)) filters.type = type;
  const page = pageFromParams(params);
  if (page) filters.page = page;
  return filters;
}

function Filters() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const set = (key: 'status' | 'type') => (event: { target: { value: string } }) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(key, event.target.value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  return (
    <FilterBar
      label="Filtrar devoluções"
      className="md:max-w-xl"
      onSubmit={(event) => event.preventDefault()}
    >
      <FilterSelect
        id={`${id}-status`}
        label="Situação"
        value={params.get('status') ?? ''}
        onChange={set('status')}
        anyLabel="Todas"
        options={[
          [OPEN, 'Em aberto'],
          ...RETURN_STATUSES.map((status) => [status, RETURN_STATUS_LABELS[status]] as const),
        ]}
      />
      <FilterSelect
        id={`${id}-type`}
        label="Tipo"
        value={params.get('type') ?? ''}
        onChange={set('type')}
        anyLabel="Todos"
        options={RETURN_TYPES.map((type) => [type, RETURN_TYPE_LABELS[type]] as const)}
      />
    </FilterBar>
  );
}

/** 'Atrasada', '3 dias para responder', or nothing once the shop has answered. */
export function AnswerDeadline({ request }: { request: AdminReturnJson }) {
  const text = answerDeadlineText(request);
  if (!text) return <span className="text-ink-700">—</span>;
  return request.overdue ? (
    <Badge variant="sale">{text}</Badge>
  ) : (
    <span className="font-medium whitespace-nowrap text-ink-900">{text}</span>
  );
}

function Status({ request }: { request: AdminReturnJson }) {
  return <Badge variant={RETURN_STATUS_BADGES[request.status]}>{request.status_label}</Badge>;
}

function ProtocolLink({ request }: { request: AdminReturnJson }) {
  return (
    <Link
      to={`/admin/devolucoes/${request.id}`}
      className="font-mono font-semibold text-ink-900 underline underline-offset-2"
    >
      {request.protocol}
    </Link>
  );
}

function Queue({ returns }: { returns: AdminReturnJson[] }) {
  if (returns.length === 0) {
    return <p className="py-10 text-center text-ink-700">Nenhum pedido de devolução ou troca.</p>;
  }
  return (
    <>
      <ul aria-label="Pedidos de devolução" className="space-y-3 md:hidden">
        {returns.map((request) => (
          <li
            key={request.id}
            className={cn(
              'rounded-2xl border bg-white p-4',
              request.overdue ? 'border-sale bg-sale/5' : 'border-ink-300/60',
            )}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <ProtocolLink request={request} />
              <Status request={request} />
            </div>
            <p className="mt-1 text-sm text-ink-900">
              {request.type_label} · pedido {request.order_number}
            </p>
            <p className="text-sm text-ink-700">
              {request.customer_name} · {formatDate(request.created_at)}
            </p>
            <p className="mt-2 text-sm">
              <AnswerDeadline request={request} />
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-ink-300/60 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-cream-100 text-ink-800">
            <tr>
              {['Protocolo', 'Pedido', 'Cliente', 'Tipo', 'Solicitada em', 'Situação', 'Prazo'].map(
                (label) => (
                  <th key={label} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                    {label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-300/40">
            {returns.map((request) => (
              <tr key={request.id} className={cn('align-top', request.overdue && 'bg-sale/5')}>
                <td className="px-4 py-3 whitespace-nowrap">
                  <ProtocolLink request={request} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{request.order_number}</td>
                <td className="px-4 py-3">{request.customer_name}</td>
                <td className="px-4 py-3">{request.type_label}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(request.created_at)}</td>
                <td className="px-4 py-3">
                  <Status request={request} />
                </td>
                <td className="px-4 py-3">
                  <AnswerDeadline request={request} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * /admin/devolucoes: withdrawals (CDC art. 49) and exchanges, the open ones first by the day
 * the shop must answer, the late ones marked.
 */
export function ReturnsPage() {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const list = useAdminReturns(filters);
  const data = list.data;
  return (
    <section aria-labelledby="devolucoes-admin" className="space-y-5">
      <div>
        <h1 id="devolucoes-admin" className="font-serif text-3xl text-ink-900">
          Devoluções
        </h1>
        <p className="mt-1 text-sm text-ink-700">
          Desistências ({WITHDRAWAL_DAYS} dias após a entrega) e trocas. Responda cada pedido em até{' '}
          {RETURN_ANSWER_DAYS} dias.
        </p>
      </div>
      <Filters />
      {data ? (
        <>
          <p className="text-sm text-ink-700">
            {data.total === 1 ? '1 pedido de devolução' : `${data.total} pedidos de devolução`}
          </p>
          <Queue returns={data.returns} />
          <Pagination
            page={data.page}
            totalPages={Math.ceil(data.total / RETURNS_PER_PAGE)}
            label="Páginas das devoluções"
          />
        </>
      ) : list.isError ? (
        <ListLoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando devoluções..." />
        </div>
      )}
    </section>
  );
}
