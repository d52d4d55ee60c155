import type { FulfilmentStatusJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_ACTIONS } from '@lumina/shared/fulfilment/fulfilment-texts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  useConnectMelhorEnvio,
  useDisconnectMelhorEnvio,
  useFulfilmentStatus,
} from '../api/fulfilment.ts';
import { reaisText } from '../model/fulfilment-view.ts';

interface Notice {
  kind: 'success' | 'error';
  message: string;
}

export const MELHOR_ENVIO_TEXTS = {
  notConfigured:
    'Integração com o Melhor Envio não configurada: defina MELHOR_ENVIO_CLIENT_ID e MELHOR_ENVIO_CLIENT_SECRET (ou MELHOR_ENVIO_TOKEN) no servidor. Até lá, digite os códigos de rastreio à mão.',
  notConnected: 'Melhor Envio não conectado: as etiquetas não podem ser geradas pelo painel.',
  viaOauth: 'Conectado à conta da loja no Melhor Envio.',
  viaToken:
    'Conectado pelo token do Melhor Envio definido no servidor (MELHOR_ENVIO_TOKEN). Para desconectar, remova o token do servidor.',
  connected: 'Melhor Envio conectado! As etiquetas já podem ser geradas nos pedidos pagos.',
  failed: 'Não foi possível conectar ao Melhor Envio. Tente de novo.',
  disconnected: 'Melhor Envio desconectado.',
} as const;

/** What Melhor Envio's redirect back (`?melhorenvio=`, set by the API's callback) means. */
const RETURN_NOTICES: Record<string, Notice> = {
  connected: { kind: 'success', message: MELHOR_ENVIO_TEXTS.connected },
  error: { kind: 'error', message: MELHOR_ENVIO_TEXTS.failed },
};

function Connection({ melhorEnvio }: { melhorEnvio: FulfilmentStatusJson['melhor_envio'] }) {
  if (!melhorEnvio.configured) return <p>{MELHOR_ENVIO_TEXTS.notConfigured}</p>;
  if (!melhorEnvio.connected) return <p>{MELHOR_ENVIO_TEXTS.notConnected}</p>;
  return (
    <>
      <p>
        {melhorEnvio.via === 'token' ? MELHOR_ENVIO_TEXTS.viaToken : MELHOR_ENVIO_TEXTS.viaOauth}
      </p>
      {melhorEnvio.balance !== null ? (
        <p className="font-medium text-ink-900">
          Saldo no Melhor Envio: {reaisText(melhorEnvio.balance)}
        </p>
      ) : null}
      {melhorEnvio.balance_error ? (
        <FormAlert
          kind="warning"
          messages={[`Não foi possível ler o saldo: ${melhorEnvio.balance_error}`]}
        />
      ) : null}
    </>
  );
}

/**
 * The Melhor Envio card of the settings page: whether labels can be bought (the shop's account
 * connected by OAuth, or a token set on the server), the wallet's balance, connect and
 * disconnect, and the outcome of Melhor Envio's redirect back here.
 */
export function MelhorEnvioCard() {
  const status = useFulfilmentStatus();
  const connect = useConnectMelhorEnvio();
  const disconnect = useDisconnectMelhorEnvio();
  const [search, setSearch] = useSearchParams();
  const [notice, setNotice] = useState<Notice | null>(
    () => RETURN_NOTICES[search.get('melhorenvio') ?? ''] ?? null,
  );
  const [confirming, setConfirming] = useState(false);

  // The notice above was read once; a reload or a shared link must not say it again.
  useEffect(() => {
    if (!search.has('melhorenvio')) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('melhorenvio');
        return next;
      },
      { replace: true },
    );
  }, [search, setSearch]);

  const onError = (error: Error) => setNotice({ kind: 'error', message: error.message });
  const melhorEnvio = status.data?.melhor_envio;
  const busy = connect.isPending || disconnect.isPending;

  return (
    <section
      aria-label="Melhor Envio"
      className="space-y-3 rounded-2xl border border-ink-300/60 bg-white p-4 text-sm text-ink-800 sm:p-5"
    >
      <h2 className="font-serif text-xl text-ink-900">Melhor Envio</h2>
      {notice ? <FormAlert kind={notice.kind} messages={[notice.message]} /> : null}
      {status.isError ? (
        <FormAlert kind={melhorEnvio ? 'warning' : 'error'} messages={[status.error.message]} />
      ) : null}
      {status.isPending ? <Spinner label="Carregando Melhor Envio..." /> : null}
      {melhorEnvio ? (
        <>
          <Connection melhorEnvio={melhorEnvio} />
          <div className="flex flex-wrap gap-2">
            {melhorEnvio.connected ? null : (
              <Button
                disabled={!melhorEnvio.configured || busy}
                aria-busy={connect.isPending}
                onClick={() => {
                  setNotice(null);
                  connect.mutate(undefined, { onError });
                }}
              >
                {FULFILMENT_ACTIONS.connectMelhorEnvio}
              </Button>
            )}
            {melhorEnvio.via === 'oauth' ? (
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
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
          title="Desconectar o Melhor Envio"
          description="O painel deixa de gerar etiquetas até conectar de novo; as etiquetas já geradas continuam valendo."
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">Cancelar</Button>
            </DialogClose>
            <Button
              variant="danger"
              disabled={disconnect.isPending}
              aria-busy={disconnect.isPending}
              onClick={() => {
                setNotice(null);
                disconnect.mutate(undefined, {
                  onSuccess: () =>
                    setNotice({ kind: 'success', message: MELHOR_ENVIO_TEXTS.disconnected }),
                  onError,
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
