import { nameBesideOptions, optionValuesLabel } from '@lumina/shared/catalog/variants';
import { formatDateTime } from '@lumina/shared/format/dates';
import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import type { AdminReturnJson } from '@lumina/shared/returns/return-schemas';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminReturn, useReturnAction } from '../api/returns.ts';
import { PROVIDER_LABELS } from '../model/order-labels.ts';
import {
  answerDeadlineText,
  returnActionLabel,
  type ReturnAction,
} from '../model/return-labels.ts';
import { ReturnActionDialog } from './return-action-dialog.tsx';
import { RETURN_STATUS_BADGES } from './return-badges.ts';
import { AnswerDeadline } from './returns-page.tsx';

const BACK = '/admin/devolucoes';
const reais = (value: number) => formatBRL(reaisToCents(value) ?? 0);

function Box({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5">
      <h2 className="mb-3 font-serif text-xl text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1 text-sm">
      <dt className="text-ink-700">{label}</dt>
      <dd className="text-right break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** The steps taken so far, with when. */
function Steps({ request }: { request: AdminReturnJson }) {
  const steps: [string, string | null][] = [
    ['Solicitado', request.created_at],
    ['Instruções enviadas', request.instructions_sent_at],
    ['Recebido', request.received_at],
    ['Reembolsado', request.refunded_at],
    ['Troca enviada', request.exchanged_at],
    ['Recusado', request.rejected_at],
  ];
  return (
    <dl>
      {steps
        .filter((step): step is [string, string] => step[1] !== null)
        .map(([label, at]) => (
          <Row key={label} label={label}>
            {formatDateTime(at)}
          </Row>
        ))}
    </dl>
  );
}

function ReturnDetail({ request }: { request: AdminReturnJson }) {
  const [picked, setPicked] = useState<ReturnAction | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const mutation = useReturnAction(request.id);
  const close = () => {
    setPicked(null);
    mutation.reset();
  };
  return (
    <article aria-labelledby="devolucao-titulo" className="space-y-4">
      <Link to={BACK} className="text-sm font-medium text-ink-700 hover:text-ink-900">
        ← Todas as devoluções
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="devolucao-titulo" className="font-serif text-3xl break-words text-ink-900">
            {request.type_label}{' '}
            {/* The protocol is quoted whole: never split at its hyphens on a phone. */}
            <span className="whitespace-nowrap">{request.protocol}</span>
          </h1>
          <p className="text-sm text-ink-700">
            Pedido{' '}
            <Link to={`/admin/pedidos/${request.order_id}`} className="underline">
              {request.order_number}
            </Link>{' '}
            · {formatDateTime(request.created_at)}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <Badge variant={RETURN_STATUS_BADGES[request.status]}>{request.status_label}</Badge>
            {answerDeadlineText(request) ? <AnswerDeadline request={request} /> : null}
          </p>
        </div>
        {request.available_actions.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {request.available_actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'reject' ? 'outline' : 'primary'}
                onClick={() => {
                  setResult(null);
                  setPicked(action);
                }}
              >
                {returnActionLabel(action, request)}
              </Button>
            ))}
          </div>
        ) : null}
      </header>
      {result ? <FormAlert kind="success" messages={[result]} /> : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Box title="Itens">
            <ul className="divide-y divide-ink-300/40">
              {request.items.map((item) => (
                <li key={item.id} className="flex items-center gap-3 py-2 text-sm">
                  {item.image_url ? (
                    <img
                      src={item.image_url}
                      alt=""
                      width={48}
                      height={48}
                      className="size-12 shrink-0 rounded-lg bg-cream-100 object-cover"
                    />
                  ) : null}
                  <span className="min-w-0 flex-1 text-ink-900">
                    {nameBesideOptions(item.product_name, item.option_values)}
                    {optionValuesLabel(item.option_values) ? (
                      <span className="block text-ink-800">
                        {optionValuesLabel(item.option_values)}
                      </span>
                    ) : null}
                    <span className="block text-ink-700">
                      SKU {item.sku} · {item.quantity} × {reais(item.unit_price)}
                    </span>
                    {item.exchange_option_values ? (
                      <span className="block font-medium text-ink-900">
                        Troca por: {optionValuesLabel(item.exchange_option_values)}
                      </span>
                    ) : null}
                    {item.resellable !== null ? (
                      <span className="block text-ink-700">
                        {item.resellable ? 'Voltou ao estoque' : 'Não voltou ao estoque'}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </Box>
          <Box title="Motivo do cliente">
            <p className="text-sm whitespace-pre-line text-ink-900">
              {request.reason ?? 'O cliente não informou um motivo.'}
            </p>
          </Box>
          {request.instructions ? (
            <Box title="Instruções enviadas">
              <p className="text-sm break-words whitespace-pre-line text-ink-900">
                {request.instructions.kind === 'authorization_code'
                  ? `Código de autorização de postagem: ${request.instructions.code ?? ''}`
                  : `Endereço para envio: ${request.instructions.address ?? ''}`}
              </p>
            </Box>
          ) : null}
          {request.rejection_reason ? (
            <Box title="Motivo da recusa">
              <p className="text-sm text-ink-900">{request.rejection_reason}</p>
            </Box>
          ) : null}
        </div>
        <div className="space-y-4">
          <Box title="Cliente">
            <dl>
              <Row label="Nome">{request.customer_name}</Row>
              <Row label="E-mail">
                {request.customer_email ? (
                  <a className="break-all underline" href={`mailto:${request.customer_email}`}>
                    {request.customer_email}
                  </a>
                ) : (
                  'Removido a pedido do titular (LGPD)'
                )}
              </Row>
            </dl>
          </Box>
          <Box title="Valores">
            <dl>
              {request.payment_provider ? (
                <Row label="Pagamento">{PROVIDER_LABELS[request.payment_provider]}</Row>
              ) : null}
              {request.suggested_refund !== null ? (
                <Row label="Reembolso sugerido">{reais(request.suggested_refund)}</Row>
              ) : null}
              {request.refunded_amount !== null ? (
                <Row label="Reembolsado">{reais(request.refunded_amount)}</Row>
              ) : null}
              {request.exchange_tracking_code ? (
                <Row label="Rastreio da troca">{request.exchange_tracking_code}</Row>
              ) : null}
            </dl>
          </Box>
          <Box title="Etapas">
            <Steps request={request} />
          </Box>
        </div>
      </div>
      <ReturnActionDialog
        action={picked}
        request={request}
        busy={mutation.isPending}
        error={mutation.error}
        onClose={close}
        onRun={(input) =>
          mutation.mutate(input, {
            onSuccess: (answer) => {
              setResult(answer.message);
              setPicked(null);
            },
          })
        }
      />
    </article>
  );
}

/** /admin/devolucoes/:id: one request, what the shopper asked and the steps its state allows. */
export function ReturnDetailPage({ returnId }: { returnId: number }) {
  const request = useAdminReturn(returnId);
  if (returnId > 0 && request.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Carregando pedido de devolução..." />
      </div>
    );
  }
  if (!request.data) {
    return (
      <FormAlert
        kind="error"
        messages={[request.error?.message ?? 'Pedido de devolução não encontrado']}
      >
        <Link to={BACK} className="mt-2 inline-block underline">
          Voltar às devoluções
        </Link>
      </FormAlert>
    );
  }
  return <ReturnDetail request={request.data} />;
}
