import { optionValuesLabel } from '@lumina/shared/catalog/variants';
import { formatDateTime } from '@lumina/shared/format/dates';
import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import type { AdminReturnJson } from '@lumina/shared/returns/return-schemas';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type ReturnActionInput, useAdminReturn, useReturnAction } from '../api/returns.ts';
import { PROVIDER_LABELS } from '../model/order-labels.ts';
import {
  answerDeadlineText,
  returnActionLabel,
  type ReturnAction,
} from '../model/return-labels.ts';
import { CustomerBox } from './customer-box.tsx';
import { DetailBox, DetailRow } from './detail-box.tsx';
import { OrderItemList } from './order-item-list.tsx';
import { ReturnActionDialog } from './return-action-dialog.tsx';
import { RETURN_STATUS_BADGES } from './return-badges.ts';
import { AnswerDeadline } from './returns-page.tsx';
import { useActionDialog } from './use-action-dialog.ts';

const BACK = '/admin/devolucoes';
const reais = (value: number) => formatBRL(reaisToCents(value) ?? 0);

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
          <DetailRow key={label} label={label}>
            {formatDateTime(at)}
          </DetailRow>
        ))}
    </dl>
  );
}

function ReturnDetail({ request }: { request: AdminReturnJson }) {
  const { result, pick, dialog } = useActionDialog<ReturnAction, ReturnActionInput>(
    useReturnAction(request.id),
  );
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
                onClick={() => pick(action)}
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
          <DetailBox title="Itens">
            <OrderItemList
              items={request.items}
              unitPrice={(item) => reais(item.unit_price)}
              details={(item) => (
                <>
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
                </>
              )}
            />
          </DetailBox>
          <DetailBox title="Motivo do cliente">
            <p className="text-sm whitespace-pre-line text-ink-900">
              {request.reason ?? 'O cliente não informou um motivo.'}
            </p>
          </DetailBox>
          {request.instructions ? (
            <DetailBox title="Instruções enviadas">
              <p className="text-sm break-words whitespace-pre-line text-ink-900">
                {request.instructions.kind === 'authorization_code'
                  ? `Código de autorização de postagem: ${request.instructions.code ?? ''}`
                  : `Endereço para envio: ${request.instructions.address ?? ''}`}
              </p>
            </DetailBox>
          ) : null}
          {request.rejection_reason ? (
            <DetailBox title="Motivo da recusa">
              <p className="text-sm text-ink-900">{request.rejection_reason}</p>
            </DetailBox>
          ) : null}
        </div>
        <div className="space-y-4">
          <CustomerBox name={request.customer_name} email={request.customer_email} />
          <DetailBox title="Valores">
            <dl>
              {request.payment_provider ? (
                <DetailRow label="Pagamento">{PROVIDER_LABELS[request.payment_provider]}</DetailRow>
              ) : null}
              {request.suggested_refund !== null ? (
                <DetailRow label="Reembolso sugerido">{reais(request.suggested_refund)}</DetailRow>
              ) : null}
              {request.refunded_amount !== null ? (
                <DetailRow label="Reembolsado">{reais(request.refunded_amount)}</DetailRow>
              ) : null}
              {request.exchange_tracking_code ? (
                <DetailRow label="Rastreio da troca">{request.exchange_tracking_code}</DetailRow>
              ) : null}
            </dl>
          </DetailBox>
          <DetailBox title="Etapas">
            <Steps request={request} />
          </DetailBox>
        </div>
      </div>
      <ReturnActionDialog request={request} {...dialog} />
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
