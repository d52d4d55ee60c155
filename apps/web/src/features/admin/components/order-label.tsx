import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import type { FulfilmentStatusJson, LabelJson } from '@lumina/shared/fulfilment/fulfilment-json';
import {
  FULFILMENT_ACTIONS,
  FULFILMENT_MESSAGES,
  LABEL_STATE_LABELS,
} from '@lumina/shared/fulfilment/fulfilment-texts';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useCan } from '../../../lib/auth/use-permissions.ts';
import { openPendingTab } from '../../../lib/pending-tab.ts';
import { useBuyLabel, useCancelLabel, usePrintLabels } from '../api/labels.ts';
import { canBuyLabel, LABEL_BADGE_VARIANTS, reaisText } from '../model/fulfilment-view.ts';
import { DetailRow } from './detail-box.tsx';
import { DialogActions } from './dialog-actions.tsx';
import { LabelServicePicker } from './label-service-picker.tsx';
import { OpenLink } from './open-link.tsx';
import { useSingleFlight } from './use-single-flight.ts';

type LabelAction = 'buy' | 'print' | 'cancel';

/** The wallet the label is paid from, beside the button that spends it. */
function Balance({ melhorEnvio }: { melhorEnvio: FulfilmentStatusJson['melhor_envio'] }) {
  if (!melhorEnvio.connected) return null;
  if (melhorEnvio.balance !== null) {
    return (
      <p className="text-sm text-ink-800">
        Saldo no Melhor Envio: {reaisText(melhorEnvio.balance)}
      </p>
    );
  }
  if (!melhorEnvio.balance_error) return null;
  return (
    <p className="text-sm text-ink-700">
      Saldo no Melhor Envio indisponível: {melhorEnvio.balance_error}
    </p>
  );
}

function LabelDetails({ label }: { label: LabelJson }) {
  return (
    <dl>
      <DetailRow label="Situação">
        <Badge variant={LABEL_BADGE_VARIANTS[label.state]}>{LABEL_STATE_LABELS[label.state]}</Badge>
      </DetailRow>
      <DetailRow label="Serviço">{label.service}</DetailRow>
      {label.tracking_code ? (
        <DetailRow label="Código de rastreio">
          {label.tracking_url ? (
            <a
              className="font-mono break-all underline"
              href={label.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {label.tracking_code}
            </a>
          ) : (
            <span className="font-mono break-all">{label.tracking_code}</span>
          )}
        </DetailRow>
      ) : null}
      {label.price !== null ? <DetailRow label="Valor">{reaisText(label.price)}</DetailRow> : null}
    </dl>
  );
}

export interface OrderLabelProps {
  orderId: number;
  order: Pick<AdminOrderDetail['order'], 'status' | 'order_number' | 'shipping_name'>;
  label: LabelJson | null;
  /** GET /api/admin/fulfilment; undefined while it loads or when it failed (the API decides). */
  status: FulfilmentStatusJson | undefined;
}

/**
 * The order's Melhor Envio label: its state and what the owner can do with it now (buy it,
 * print it, cancel it), with the reason a purchase stopped and the button that resumes it.
 */
export function OrderLabel({ orderId, order, label, status }: OrderLabelProps) {
  // The connection is made in the store settings: other roles are told whom to ask.
  const canConnect = useCan('settings');
  const buy = useBuyLabel(orderId);
  const cancel = useCancelLabel(orderId);
  const print = usePrintLabels();
  const { busy, failure, run, clearFailure } = useSingleFlight<LabelAction>();
  const [confirming, setConfirming] = useState(false);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  /** The service the owner picked; null: the shopper's. */
  const [serviceId, setServiceId] = useState<number | null>(null);
  const hintId = useId();

  const melhorEnvio = status?.melhor_envio;
  const notConnected = melhorEnvio?.connected === false;
  const offerBuy = canBuyLabel(order, label);
  // A purchase that stopped halfway goes on with the service it started with.
  const offerChoice =
    offerBuy && melhorEnvio?.connected === true && (!label || label.state === 'canceled');
  const lastError = label?.last_error ?? null;
  // The refusal that left its reason on the label is said once, by the label.
  const failureText =
    failure && failure.action !== 'cancel' && failure.message !== lastError
      ? failure.message
      : null;

  const printLabel = () =>
    void run('print', async () => {
      setBlockedUrl(null);
      const tab = openPendingTab();
      try {
        const { url } = await print.mutateAsync([orderId]);
        if (!tab.show(url)) setBlockedUrl(url);
      } catch (error) {
        tab.close();
        throw error;
      }
    });

  return (
    <section aria-labelledby={`${hintId}-titulo`} className="space-y-3">
      <h3 id={`${hintId}-titulo`} className="font-semibold text-ink-900">
        Etiqueta
      </h3>
      {label ? (
        <LabelDetails label={label} />
      ) : (
        <p className="text-sm text-ink-700">Nenhuma etiqueta gerada.</p>
      )}
      {lastError ? <FormAlert kind="error" messages={[lastError]} /> : null}
      {failureText ? <FormAlert kind="error" messages={[failureText]} /> : null}
      {offerBuy && melhorEnvio ? <Balance melhorEnvio={melhorEnvio} /> : null}
      {offerChoice ? (
        <LabelServicePicker
          orderId={orderId}
          shopperService={order.shipping_name}
          value={serviceId}
          onChange={setServiceId}
          disabled={busy !== null}
        />
      ) : null}
      {offerBuy && notConnected ? (
        <p id={hintId} className="text-sm text-ink-700">
          {canConnect ? FULFILMENT_MESSAGES.notConnected : FULFILMENT_MESSAGES.notConnectedAskOwner}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {offerBuy ? (
          <Button
            disabled={notConnected || busy !== null}
            aria-describedby={notConnected ? hintId : undefined}
            aria-busy={busy === 'buy'}
            onClick={() =>
              void run('buy', () =>
                buy.mutateAsync(offerChoice ? (serviceId ?? undefined) : undefined),
              )
            }
          >
            {busy === 'buy' ? 'Gerando etiqueta...' : FULFILMENT_ACTIONS.buyLabel}
          </Button>
        ) : null}
        {label?.can_print ? (
          <Button
            variant={offerBuy ? 'outline' : 'primary'}
            disabled={busy !== null}
            aria-busy={busy === 'print'}
            onClick={printLabel}
          >
            {busy === 'print' ? 'Abrindo etiqueta...' : FULFILMENT_ACTIONS.printLabel}
          </Button>
        ) : null}
        {label?.can_cancel ? (
          <Button
            variant="outline"
            disabled={busy !== null}
            onClick={() => {
              clearFailure();
              setConfirming(true);
            }}
          >
            {FULFILMENT_ACTIONS.cancelLabel}
          </Button>
        ) : null}
      </div>
      {blockedUrl ? <OpenLink href={blockedUrl}>Abrir a etiqueta (PDF)</OpenLink> : null}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && busy !== 'cancel') setConfirming(false);
        }}
        title={FULFILMENT_ACTIONS.cancelLabel}
        description={`A etiqueta do pedido ${order.order_number} deixa de valer para a postagem e o Melhor Envio devolve o valor à carteira.${order.status === 'shipped' ? ' O pedido volta para Processando, à espera de uma nova etiqueta.' : ''}`}
      >
        <div className="mt-6 space-y-4">
          {failure?.action === 'cancel' ? (
            <FormAlert kind="error" messages={[failure.message]} />
          ) : null}
          <DialogActions>
            <Button
              variant="danger"
              disabled={busy !== null}
              aria-busy={busy === 'cancel'}
              onClick={() =>
                void run('cancel', () => cancel.mutateAsync()).then((done) => {
                  if (done) setConfirming(false);
                })
              }
            >
              {busy === 'cancel' ? 'Cancelando...' : FULFILMENT_ACTIONS.cancelLabel}
            </Button>
          </DialogActions>
        </div>
      </Dialog>
    </section>
  );
}
