import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import type { FulfilmentStatusJson, InvoiceJson } from '@lumina/shared/fulfilment/fulfilment-json';
import {
  FULFILMENT_ACTIONS,
  FULFILMENT_MESSAGES,
  INVOICE_STATE_LABELS,
} from '@lumina/shared/fulfilment/fulfilment-texts';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useCan } from '../../../lib/auth/use-permissions.ts';
import { useCancelInvoice, useIssueInvoice } from '../api/invoices.ts';
import {
  canIssueInvoice,
  groupAccessKey,
  INVOICE_BADGE_VARIANTS,
} from '../model/fulfilment-view.ts';
import { DetailRow } from './detail-box.tsx';
import { InvoiceCancelDialog } from './invoice-cancel-dialog.tsx';
import { OpenLink } from './open-link.tsx';
import { useSingleFlight } from './use-single-flight.ts';

type InvoiceAction = 'issue' | 'cancel';

function InvoiceDetails({ invoice }: { invoice: InvoiceJson }) {
  return (
    <>
      <dl>
        <DetailRow label="Situação">
          <Badge variant={INVOICE_BADGE_VARIANTS[invoice.state]}>
            {INVOICE_STATE_LABELS[invoice.state]}
          </Badge>
        </DetailRow>
        {invoice.number ? (
          <DetailRow label="Número">
            {invoice.number}
            {invoice.series ? ` · série ${invoice.series}` : ''}
          </DetailRow>
        ) : null}
      </dl>
      {invoice.access_key ? (
        <div className="text-sm">
          <p className="text-ink-700">Chave de acesso</p>
          <p className="font-mono break-words text-ink-900">{groupAccessKey(invoice.access_key)}</p>
        </div>
      ) : null}
      {invoice.state === 'rejected' && invoice.reason ? (
        <FormAlert kind="warning" title="Motivo da rejeição" messages={[invoice.reason]} />
      ) : null}
      {invoice.danfe_url || invoice.xml_url ? (
        <div className="flex flex-wrap gap-2">
          {invoice.danfe_url ? <OpenLink href={invoice.danfe_url}>DANFE</OpenLink> : null}
          {invoice.xml_url ? <OpenLink href={invoice.xml_url}>XML</OpenLink> : null}
        </div>
      ) : null}
    </>
  );
}

export interface OrderInvoiceProps {
  orderId: number;
  order: Pick<AdminOrderDetail['order'], 'status' | 'order_number'>;
  invoice: InvoiceJson | null;
  status: FulfilmentStatusJson | undefined;
}

/**
 * The order's NF-e through Bling: its state, number, access key and documents; issuing it (again
 * after a rejection) and cancelling it while SEFAZ still takes a cancellation.
 */
export function OrderInvoice({ orderId, order, invoice, status }: OrderInvoiceProps) {
  // The connection is made in the store settings: other roles are told whom to ask.
  const canConnect = useCan('settings');
  const issue = useIssueInvoice(orderId);
  const cancel = useCancelInvoice(orderId);
  const { busy, failure, run, clearFailure } = useSingleFlight<InvoiceAction>();
  const [confirming, setConfirming] = useState(false);
  const id = useId();

  const unavailable = status?.invoices.available === false;
  const offerIssue = canIssueInvoice(order, invoice);
  const lastError = invoice?.last_error ?? null;
  const issueFailure =
    failure?.action === 'issue' && failure.message !== lastError ? failure.message : null;

  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-3">
      <h3 id={`${id}-titulo`} className="font-semibold text-ink-900">
        Nota fiscal (NF-e)
      </h3>
      {invoice ? (
        <InvoiceDetails invoice={invoice} />
      ) : (
        <p className="text-sm text-ink-700">Nenhuma NF-e emitida.</p>
      )}
      {invoice?.needs_cancellation ? (
        <FormAlert kind="warning" messages={[FULFILMENT_MESSAGES.needsInvoiceCancellation]} />
      ) : null}
      {lastError ? <FormAlert kind="error" messages={[lastError]} /> : null}
      {issueFailure ? <FormAlert kind="error" messages={[issueFailure]} /> : null}
      {offerIssue && unavailable ? (
        <p id={id} className="text-sm text-ink-700">
          {canConnect
            ? FULFILMENT_MESSAGES.blingNotConnected
            : FULFILMENT_MESSAGES.blingNotConnectedAskOwner}
        </p>
      ) : null}
      {offerIssue || invoice?.can_cancel ? (
        <div className="flex flex-wrap gap-2">
          {offerIssue ? (
            <Button
              disabled={unavailable || busy !== null}
              aria-describedby={unavailable ? id : undefined}
              aria-busy={busy === 'issue'}
              onClick={() => void run('issue', () => issue.mutateAsync())}
            >
              {busy === 'issue' ? 'Emitindo NF-e...' : FULFILMENT_ACTIONS.issueInvoice}
            </Button>
          ) : null}
          {invoice?.can_cancel ? (
            <Button
              variant={invoice.needs_cancellation ? 'danger' : 'outline'}
              disabled={busy !== null}
              onClick={() => {
                clearFailure();
                setConfirming(true);
              }}
            >
              {FULFILMENT_ACTIONS.cancelInvoice}
            </Button>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <InvoiceCancelDialog
          open
          orderNumber={order.order_number}
          busy={busy === 'cancel'}
          error={failure?.action === 'cancel' ? failure.error : null}
          onClose={() => setConfirming(false)}
          onRun={(body) =>
            void run('cancel', () => cancel.mutateAsync(body)).then((done) => {
              if (done) setConfirming(false);
            })
          }
        />
      ) : null}
    </section>
  );
}
