import { formatDate, formatDateTime } from '@lumina/shared/format/dates';
import { PRIVACY_RESPONSE_BUSINESS_DAYS } from '@lumina/shared/privacy/business-days';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { ADMIN_MESSAGES } from '../api/admin-request.ts';
import {
  type AdminPrivacyQueue,
  type AdminPrivacyRequest,
  useCompletePrivacyRequest,
  usePrivacyQueue,
} from '../api/privacy.ts';
import { CompletePrivacyDialog } from './complete-privacy-dialog.tsx';
import { ListLoadError } from './list-filters.tsx';
import { Card } from './stat-cards.tsx';

const OVERDUE = 'Atrasada';
const ACCOUNT_GONE = 'Conta excluída';

/**
 * Who asked, or 'Conta excluída' once the account is gone or erased (an erased account keeps its
 * row under a placeholder address on the reserved .invalid domain, never a real one).
 */
function Person({ request }: { request: AdminPrivacyRequest }) {
  const gone =
    request.user_id === null ||
    request.user_name === null ||
    (request.user_email ?? '').endsWith('.invalid');
  if (gone) return <span className="text-ink-700 italic">{ACCOUNT_GONE}</span>;
  return (
    <>
      <span className="block font-medium text-ink-900">{request.user_name}</span>
      {request.user_email ? (
        <span className="block break-words text-ink-700">{request.user_email}</span>
      ) : null}
    </>
  );
}

function Status({ request }: { request: AdminPrivacyRequest }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={request.status === 'completed' ? 'success' : 'muted'}>
        {request.status_label}
      </Badge>
      {request.overdue ? <Badge variant="sale">{OVERDUE}</Badge> : null}
    </span>
  );
}

interface AnswerProps {
  request: AdminPrivacyRequest;
  onComplete: (request: AdminPrivacyRequest) => void;
}

/** An open request's 'Concluir', or what the shop answered and when. */
function Answer({ request, onComplete }: AnswerProps) {
  if (request.status === 'requested') {
    return (
      <Button size="sm" onClick={() => onComplete(request)}>
        Concluir
      </Button>
    );
  }
  return (
    <div className="space-y-1">
      {request.completed_at ? (
        <p className="text-xs text-ink-700">Concluída em {formatDateTime(request.completed_at)}</p>
      ) : null}
      {request.response ? (
        <p className="text-sm whitespace-pre-line text-ink-800">{request.response}</p>
      ) : null}
    </div>
  );
}

function Queue({
  queue,
  onComplete,
}: {
  queue: AdminPrivacyQueue;
  onComplete: AnswerProps['onComplete'];
}) {
  if (queue.requests.length === 0) {
    return <p className="py-10 text-center text-ink-700">Nenhuma solicitação até agora.</p>;
  }
  return (
    <>
      <ul aria-label="Solicitações" className="space-y-3 md:hidden">
        {queue.requests.map((request) => (
          <li
            key={request.id}
            className={cn(
              'rounded-2xl border bg-white p-4',
              request.overdue ? 'border-sale bg-sale/5' : 'border-ink-300/60',
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-ink-900">{request.type_label}</p>
              <Status request={request} />
            </div>
            <div className="mt-2 text-sm">
              <Person request={request} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-ink-700">Solicitada em</dt>
                <dd className="text-ink-900">{formatDate(request.requested_at)}</dd>
              </div>
              <div>
                <dt className="text-xs text-ink-700">Prazo</dt>
                <dd className={cn('text-ink-900', request.overdue && 'font-semibold text-sale')}>
                  {formatDate(request.deadline)}
                </dd>
              </div>
            </dl>
            <div className="mt-3">
              <Answer request={request} onComplete={onComplete} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-ink-300/60 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-cream-100 text-ink-800">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                Titular
              </th>
              <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                Tipo
              </th>
              <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                Solicitada em
              </th>
              <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                Prazo
              </th>
              <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                Situação
              </th>
              <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                Resposta
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-300/40">
            {queue.requests.map((request) => (
              <tr key={request.id} className={cn('align-top', request.overdue && 'bg-sale/5')}>
                <td className="px-4 py-3">
                  <Person request={request} />
                </td>
                <td className="px-4 py-3">{request.type_label}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDate(request.requested_at)}</td>
                <td
                  className={cn(
                    'px-4 py-3 whitespace-nowrap',
                    request.overdue && 'font-semibold text-sale',
                  )}
                >
                  {formatDate(request.deadline)}
                </td>
                <td className="px-4 py-3">
                  <Status request={request} />
                </td>
                <td className="max-w-sm px-4 py-3">
                  <Answer request={request} onComplete={onComplete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The panel's LGPD queue: every customer's requests, the overdue on top, answered from here. */
export function PrivacyPage() {
  const queue = usePrivacyQueue();
  const complete = useCompletePrivacyRequest();
  const [target, setTarget] = useState<AdminPrivacyRequest | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const data = queue.data;

  const open = (request: AdminPrivacyRequest) => {
    complete.reset();
    setDone(null);
    setTarget(request);
  };

  return (
    <section aria-labelledby="privacidade-admin" className="space-y-5">
      <div>
        <h1 id="privacidade-admin" className="font-serif text-3xl text-ink-900">
          Privacidade
        </h1>
        <p className="mt-1 text-sm text-ink-700">
          Solicitações dos titulares pela LGPD, respondidas em até {PRIVACY_RESPONSE_BUSINESS_DAYS}{' '}
          dias úteis.
        </p>
      </div>
      {done ? <FormAlert kind="success" messages={[done]} /> : null}
      {data ? (
        <>
          <section aria-label="Resumo das solicitações" className="space-y-2">
            {queue.isError ? (
              <FormAlert kind="warning" messages={[ADMIN_MESSAGES.cachedData]} />
            ) : null}
            <dl className="grid grid-cols-2 gap-3 md:max-w-md">
              <Card label="Abertas" value={data.open} />
              <Card label="Atrasadas" value={data.overdue} />
            </dl>
          </section>
          <Queue queue={data} onComplete={open} />
        </>
      ) : queue.isError ? (
        <ListLoadError message={queue.error.message} onRetry={() => void queue.refetch()} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando solicitações..." />
        </div>
      )}
      <CompletePrivacyDialog
        request={target}
        busy={complete.isPending}
        error={complete.error}
        onClose={() => setTarget(null)}
        onConfirm={(body) => {
          if (!target) return;
          complete.mutate(
            { id: target.id, body },
            {
              onSuccess: ({ message }) => {
                setTarget(null);
                setDone(message);
              },
            },
          );
        }}
      />
    </section>
  );
}
