import {
  CONTACT_MESSAGE_STATUSES,
  type ContactMessage,
  type ContactMessageStatus,
} from '@lumina/shared/contact/contact-messages';
import { formatDateTime } from '@lumina/shared/format/dates';
import { Link, useSearchParams } from 'react-router';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Pagination, pageFromParams } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  type ContactMessageFilters,
  useContactMessages,
  useUpdateContactMessage,
} from '../api/contact-messages.ts';
import { ListLoadError } from './list-filters.tsx';

const STATUS_BADGE: Record<ContactMessageStatus, BadgeVariant> = {
  new: 'gold',
  read: 'muted',
  answered: 'success',
};

const FILTERS: { status: ContactMessageStatus | undefined; label: string }[] = [
  { status: undefined, label: 'Todas' },
  { status: 'new', label: 'Não lidas' },
  { status: 'read', label: 'Lidas' },
  { status: 'answered', label: 'Respondidas' },
];

function isStatus(value: string | null): value is ContactMessageStatus {
  return (CONTACT_MESSAGE_STATUSES as readonly (string | null)[]).includes(value);
}

function filtersFrom(params: URLSearchParams): ContactMessageFilters {
  const status = params.get('status');
  const page = pageFromParams(params);
  return {
    ...(isStatus(status) && { status }),
    ...(page && { page }),
  };
}

/** The shop answers from its own mail client; the sender's words are quoted below. */
function replyLink(message: ContactMessage): string {
  const subject = encodeURIComponent(`Re: ${message.subject}`);
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = encodeURIComponent(`Olá, ${message.name.split(' ')[0] ?? ''}!\n\n\n\n${quoted}`);
  return `mailto:${encodeURIComponent(message.email)}?subject=${subject}&body=${body}`;
}

function StatusFilter({ current }: { current: ContactMessageStatus | undefined }) {
  const [, setParams] = useSearchParams();
  return (
    <div role="group" aria-label="Filtrar mensagens" className="flex flex-wrap gap-2">
      {FILTERS.map((filter) => (
        <Button
          key={filter.label}
          size="sm"
          variant={filter.status === current ? 'primary' : 'outline'}
          aria-pressed={filter.status === current}
          onClick={() => setParams(filter.status ? { status: filter.status } : {})}
        >
          {filter.label}
        </Button>
      ))}
    </div>
  );
}

function Actions({ message }: { message: ContactMessage }) {
  const update = useUpdateContactMessage();
  const busy = update.isPending;
  const mark = (status: ContactMessageStatus) => update.mutate({ id: message.id, status });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <a
          href={replyLink(message)}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          onClick={() => {
            if (message.status === 'new') mark('read');
          }}
        >
          Responder por e-mail
        </a>
        {message.status === 'new' ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => mark('read')}>
            Marcar como lida
          </Button>
        ) : (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => mark('new')}>
            Marcar como não lida
          </Button>
        )}
        {message.status !== 'answered' ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => mark('answered')}>
            Marcar como respondida
          </Button>
        ) : null}
      </div>
      {update.isError ? <FormAlert kind="error" messages={[update.error.message]} /> : null}
    </div>
  );
}

function Sender({ message }: { message: ContactMessage }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="font-semibold text-ink-900">{message.name}</p>
      <p className="break-words text-ink-700">{message.email}</p>
      <p className="mt-1 text-xs text-ink-700">
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </p>
      {message.account && message.account.orders_count === 0 ? (
        <p className="mt-2 text-ink-700">Cliente cadastrado, sem pedidos</p>
      ) : message.account ? (
        <p className="mt-2">
          <Link
            to={`/admin/pedidos?q=${encodeURIComponent(message.email)}`}
            className="font-medium text-gold-700 underline underline-offset-2 hover:text-ink-900"
          >
            {message.account.orders_count === 1
              ? 'Cliente cadastrado: 1 pedido'
              : `Cliente cadastrado: ${message.account.orders_count} pedidos`}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const unread = message.status === 'new';
  return (
    <li
      aria-label={`Mensagem de ${message.name}`}
      className={cn(
        'grid gap-4 rounded-2xl border bg-white p-4 md:grid-cols-[14rem_1fr] md:p-5',
        unread ? 'border-gold-600' : 'border-ink-300/60',
      )}
    >
      <Sender message={message} />
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className={cn('text-base text-ink-900', unread ? 'font-bold' : 'font-semibold')}>
            {message.subject}
          </h2>
          <Badge variant={STATUS_BADGE[message.status]}>{message.status_label}</Badge>
        </div>
        {/* A one-line message is its own subject: shown once. */}
        {message.message.trim() === message.subject ? null : (
          <p className="text-sm break-words whitespace-pre-line text-ink-800">{message.message}</p>
        )}
        <Actions message={message} />
      </div>
    </li>
  );
}

/** The panel's inbox of contact-form messages: newest first, read and answered from here. */
export function MessagesPage() {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const messages = useContactMessages(filters);
  const data = messages.data;

  return (
    <section aria-labelledby="mensagens-admin" className="space-y-5">
      <div>
        <h1 id="mensagens-admin" className="font-serif text-3xl text-ink-900">
          Mensagens
        </h1>
        <p className="mt-1 text-sm text-ink-700">
          Mensagens do formulário de contato do site. Responder abre o seu e-mail com o endereço de
          quem escreveu.
        </p>
      </div>
      <StatusFilter current={filters.status} />
      {messages.isError ? (
        <ListLoadError message={messages.error.message} onRetry={() => void messages.refetch()} />
      ) : null}
      {data ? (
        <>
          <p className="text-sm text-ink-700" aria-live="polite">
            {data.total === 1 ? '1 mensagem' : `${data.total} mensagens`}
            {' · '}
            {data.unread === 1 ? '1 não lida' : `${data.unread} não lidas`}
          </p>
          {data.messages.length === 0 ? (
            <p className="py-10 text-center text-ink-700">Nenhuma mensagem por aqui.</p>
          ) : (
            <ul aria-label="Mensagens" className="space-y-3">
              {data.messages.map((message) => (
                <MessageCard key={message.id} message={message} />
              ))}
            </ul>
          )}
          <Pagination
            page={data.page}
            totalPages={data.total_pages}
            label="Páginas das mensagens"
          />
        </>
      ) : messages.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando mensagens..." />
        </div>
      ) : null}
    </section>
  );
}
