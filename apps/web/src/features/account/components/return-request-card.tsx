import { nameBesideOptions, optionValuesLabel } from '@lumina/shared/catalog/variants';
import { formatDate } from '@lumina/shared/format/dates';
import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import type { ReturnJson, ReturnStatus } from '@lumina/shared/returns/return-schemas';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';

export const RETURN_BADGES: Record<ReturnStatus, BadgeVariant> = {
  requested: 'gold',
  instructions_sent: 'gold',
  received: 'ink',
  refunded: 'success',
  exchanged: 'success',
  rejected: 'sale',
};

const reais = (value: number) => formatBRL(reaisToCents(value) ?? 0);

/** 'Reembolso de R$ 59,90 em 27/11': the day and month on Brasília time. */
export function refundLine(amount: number, at: string): string {
  return `Reembolso de ${reais(amount)} em ${formatDate(at).slice(0, 5)}`;
}

/** How to send the pieces back, as the shop told it. */
function Instructions({ instructions }: { instructions: NonNullable<ReturnJson['instructions']> }) {
  if (instructions.kind === 'authorization_code') {
    return (
      <div className="mt-3 rounded-xl bg-cream-100 p-3 text-sm text-ink-800">
        <p>Poste as peças nos Correios com este código de autorização de postagem:</p>
        <p className="mt-1 font-mono text-base font-semibold tracking-wide break-all text-ink-900">
          {instructions.code}
        </p>
      </div>
    );
  }
  return (
    <div className="mt-3 rounded-xl bg-cream-100 p-3 text-sm text-ink-800">
      <p>Envie as peças para:</p>
      <p className="mt-1 font-medium whitespace-pre-line text-ink-900">{instructions.address}</p>
    </div>
  );
}

/** One withdrawal or exchange request as its shopper follows it, step by step. */
export function ReturnRequestCard({ request }: { request: ReturnJson }) {
  return (
    <article
      aria-label={`${request.type_label} ${request.protocol}`}
      className="rounded-xl border border-ink-300/60 bg-white p-3 sm:p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-ink-900">{request.type_label}</p>
          <p className="text-sm text-ink-700">
            Protocolo <span className="font-mono">{request.protocol}</span> ·{' '}
            {formatDate(request.created_at)}
          </p>
        </div>
        <Badge variant={RETURN_BADGES[request.status]}>{request.status_label}</Badge>
      </header>
      <ul className="mt-2 space-y-1 text-sm text-ink-800">
        {request.items.map((item) => (
          <li key={item.id}>
            {item.quantity} × {nameBesideOptions(item.product_name, item.option_values)}
            {optionValuesLabel(item.option_values)
              ? ` (${optionValuesLabel(item.option_values)})`
              : ''}
            {item.exchange_option_values ? (
              <span className="block text-ink-700">
                Troca por: {optionValuesLabel(item.exchange_option_values)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {request.reason ? (
        <p className="mt-2 text-sm text-ink-700">Motivo: {request.reason}</p>
      ) : null}
      {request.status === 'requested' ? (
        <p className="mt-2 text-sm text-ink-700">
          A loja responde com as instruções de envio até {formatDate(request.answer_by)}.
        </p>
      ) : null}
      {request.instructions && request.status === 'instructions_sent' ? (
        <Instructions instructions={request.instructions} />
      ) : null}
      {request.refunded_amount !== null && request.refunded_at ? (
        <p className="mt-2 text-sm font-semibold text-success">
          {refundLine(request.refunded_amount, request.refunded_at)}
        </p>
      ) : null}
      {request.rejection_reason ? (
        <p className="mt-2 text-sm text-sale">Motivo da recusa: {request.rejection_reason}</p>
      ) : null}
      {request.exchange_tracking_code ? (
        <p className="mt-2 text-sm text-ink-800">
          Peça nova enviada. Código de rastreio:{' '}
          <span className="font-mono font-semibold">{request.exchange_tracking_code}</span>
          {request.exchange_tracking_url ? (
            <>
              {' '}
              <a
                href={request.exchange_tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                className="underline"
              >
                Rastrear nos Correios<span className="sr-only"> (abre em nova aba)</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}
