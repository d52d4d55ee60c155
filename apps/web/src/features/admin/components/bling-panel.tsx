import { BLING_TEXTS, type BlingStatus, type BlingSyncSummary } from '@lumina/shared/admin/bling';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  type BlingSyncKind,
  useBlingStatus,
  useBlingSync,
  useConnectBling,
  useDisconnectBling,
  useTestBlingWebhook,
} from '../api/bling.ts';

interface Notice {
  kind: 'success' | 'error';
  message: string;
}

/** What Bling's redirect back (`?bling=`, set by the API's OAuth callback) means to the owner. */
const RETURN_NOTICES: Record<string, Notice> = {
  conectado: { kind: 'success', message: BLING_TEXTS.connected },
  falhou: { kind: 'error', message: BLING_TEXTS.badState },
  recusado: { kind: 'error', message: BLING_TEXTS.refused },
  'nao-configurado': { kind: 'error', message: BLING_TEXTS.notConfigured },
};

const KIND_LABELS: Record<BlingSyncSummary['kind'], string> = {
  full: 'completa',
  incremental: 'automática',
  pending: 'pendentes',
};

const SYNC_HINT = 'Conecte o Bling para sincronizar os produtos.';

const SYNC_BUTTONS = [
  ['pending', 'Sincronizar pendentes'],
  ['full', 'Sincronização completa'],
] as const satisfies readonly (readonly [BlingSyncKind, string])[];

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summaryLine(summary: BlingSyncSummary): string {
  const parts = [
    count(summary.created, 'criado', 'criados'),
    count(summary.updated, 'atualizado', 'atualizados'),
    ...(summary.skipped > 0
      ? [`${count(summary.skipped, 'mantido', 'mantidos')} por alteração local`]
      : []),
    `${summary.failed} com falha`,
  ];
  const stopped = summary.stopped ? `, parada: ${summary.stopped}` : '';
  return `Última execução (${KIND_LABELS[summary.kind]}): ${parts.join(', ')}${stopped}`;
}

/** What Bling refused or never answered, for the owner to check in Bling. */
function attentionLines({ attention }: BlingStatus): string[] {
  const lines: string[] = [];
  if (attention.sales_orders_failed > 0) {
    lines.push(
      `${count(attention.sales_orders_failed, 'pedido pago foi recusado', 'pedidos pagos foram recusados')} pelo Bling como pedido de venda.`,
    );
  }
  if (attention.sales_orders_uncertain > 0) {
    lines.push(
      `${count(attention.sales_orders_uncertain, 'pedido pago ficou', 'pedidos pagos ficaram')} sem resposta do Bling: confira se ${attention.sales_orders_uncertain === 1 ? 'chegou' : 'chegaram'} lá.`,
    );
  }
  if (attention.stock_movements_in_doubt > 0) {
    lines.push(
      `${count(attention.stock_movements_in_doubt, 'movimento de estoque não foi confirmado', 'movimentos de estoque não foram confirmados')} pelo Bling: confira os saldos e use "Sincronização completa".`,
    );
  }
  return lines;
}

function Connection({ status }: { status: BlingStatus }) {
  if (!status.configured) return <p>{BLING_TEXTS.notConfigured}</p>;
  if (!status.connected) return <p>Bling não conectado.</p>;
  const summary = status.sync_summary;
  return (
    <>
      <p>
        {status.connected_at ? `Conectado desde ${formatDate(status.connected_at)}` : 'Conectado'}
      </p>
      <p>Última sincronização: {status.last_sync_at ? formatDate(status.last_sync_at) : 'nunca'}</p>
      {summary ? <p>{summaryLine(summary)}</p> : null}
      {attentionLines(status).length > 0 ? (
        <FormAlert kind="warning" title="Confira no Bling" messages={attentionLines(status)} />
      ) : null}
      {summary && summary.errors.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-medium text-ink-900">Ver falhas</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
            {summary.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {status.sync_running ? (
        <p className="flex items-center gap-2 text-ink-900">
          <Spinner size="sm" label="Sincronizando com o Bling..." />
          <span aria-hidden="true">Sincronizando com o Bling...</span>
        </p>
      ) : null}
    </>
  );
}

/** The Bling ERP card of the products page (spec 001 §7): connection, syncs, webhook test. */
export function BlingPanel() {
  const status = useBlingStatus();
  const connect = useConnectBling();
  const disconnect = useDisconnectBling();
  const sync = useBlingSync();
  const webhook = useTestBlingWebhook();
  const [search, setSearch] = useSearchParams();
  const [notice, setNotice] = useState<Notice | null>(
    () => RETURN_NOTICES[search.get('bling') ?? ''] ?? null,
  );
  const [confirming, setConfirming] = useState(false);
  const hintId = useId();

  // The notice above was read once; a reload or a shared link must not say it again.
  useEffect(() => {
    if (!search.has('bling')) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('bling');
        return next;
      },
      { replace: true },
    );
  }, [search, setSearch]);

  const report = {
    onSuccess: ({ message }: { message: string }) => setNotice({ kind: 'success', message }),
    onError: (error: Error) => setNotice({ kind: 'error', message: error.message }),
  };
  const startSync = (kind: BlingSyncKind) => {
    setNotice(null);
    sync.mutate(kind, report);
  };

  const data = status.data;
  const busy = connect.isPending || disconnect.isPending || sync.isPending || webhook.isPending;
  const canSync = Boolean(data?.configured && data.connected && !data.sync_running);

  return (
    <section
      aria-label="Bling ERP"
      className="space-y-3 rounded-2xl border border-ink-300/60 bg-white p-4 text-sm text-ink-800"
    >
      <h2 className="font-serif text-xl text-ink-900">Bling ERP</h2>
      {notice ? <FormAlert kind={notice.kind} messages={[notice.message]} /> : null}
      {status.isError && data ? (
        <FormAlert kind="warning" messages={[status.error.message]} />
      ) : null}
      {status.isError && !data ? (
        <FormAlert kind="error" messages={[status.error.message]} />
      ) : null}
      {status.isPending ? <Spinner label="Carregando Bling..." /> : null}
      {data ? (
        <>
          <Connection status={data} />
          {data.configured && !data.connected ? <p id={hintId}>{SYNC_HINT}</p> : null}
          <div className="flex flex-wrap gap-2">
            {data.connected ? null : (
              <Button
                size="sm"
                disabled={!data.configured || busy}
                onClick={() => {
                  setNotice(null);
                  connect.mutate(undefined, { onError: report.onError });
                }}
              >
                Conectar ao Bling
              </Button>
            )}
            {SYNC_BUTTONS.map(([kind, label]) => (
              <Button
                key={kind}
                size="sm"
                variant="outline"
                disabled={!canSync || busy}
                aria-describedby={data.configured && !data.connected ? hintId : undefined}
                onClick={() => startSync(kind)}
              >
                {label}
              </Button>
            ))}
            <Button
              size="sm"
              variant="outline"
              disabled={!data.configured || busy}
              onClick={() => {
                setNotice(null);
                webhook.mutate(undefined, {
                  onSuccess: ({ test_data }) =>
                    setNotice({ kind: 'success', message: `Webhook recebido: ${test_data.name}` }),
                  onError: report.onError,
                });
              }}
            >
              Testar webhook
            </Button>
            {data.connected ? (
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
                Desconectar
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {confirming ? (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open && !disconnect.isPending) setConfirming(false);
          }}
          title="Desconectar o Bling"
          description="A loja deixa de receber produtos e estoque do Bling até conectar de novo."
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">Cancelar</Button>
            </DialogClose>
            <Button
              variant="danger"
              disabled={disconnect.isPending}
              onClick={() => {
                setNotice(null);
                disconnect.mutate(undefined, {
                  ...report,
                  onSettled: () => setConfirming(false),
                });
              }}
            >
              Desconectar
            </Button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
