import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import { formatDateTime } from '@lumina/shared/format/dates';
import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import { REFUND_METHOD_LABELS } from '@lumina/shared/returns/return-schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SummaryList } from '../../../components/ui/summary-list.tsx';
import { useOrderRefund } from '../api/order-refunds.ts';
import { RefundForm } from './refund-form.tsx';

const reais = (value: number) => formatBRL(reaisToCents(value) ?? 0);

/**
 * The money given back on an order (withdrawals and refunds by hand) and 'Reembolsar' while some
 * of what was paid is still refundable.
 */
export function OrderRefunds({ detail }: { detail: AdminOrderDetail }) {
  const { order, refunds, refundable } = detail;
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const refund = useOrderRefund(order.id);
  const provider = detail.payments[0]?.provider ?? 'pix_builtin';
  if (refunds.length === 0 && refundable <= 0) return null;
  return (
    <section
      aria-labelledby="reembolsos-titulo"
      className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="reembolsos-titulo" className="font-serif text-xl text-ink-900">
          Reembolsos
        </h2>
        {refundable > 0 ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              refund.reset();
              setResult(null);
              setOpen(true);
            }}
          >
            Reembolsar
          </Button>
        ) : null}
      </div>
      {result ? <FormAlert kind="success" className="mb-3" messages={[result]} /> : null}
      {refunds.length === 0 ? (
        <p className="text-sm text-ink-700">Nenhum valor devolvido.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {refunds.map((item) => (
            <li key={item.id} className="rounded-xl bg-cream-50 p-3">
              <p className="flex flex-wrap justify-between gap-2 font-semibold text-ink-900">
                <span>{reais(item.amount)}</span>
                <span className="font-normal text-ink-700">{formatDateTime(item.created_at)}</span>
              </p>
              <p className="text-ink-700">
                {REFUND_METHOD_LABELS[item.method]}
                {item.admin_name ? ` · ${item.admin_name}` : ''}
                {item.return_id !== null ? (
                  <>
                    {' · '}
                    <Link to={`/admin/devolucoes/${item.return_id}`} className="underline">
                      pedido de devolução
                    </Link>
                  </>
                ) : null}
              </p>
              {item.e2e_id || item.provider_refund_id ? (
                <p className="font-mono text-xs break-all text-ink-700">
                  {item.e2e_id ? `E2E ${item.e2e_id}` : `Estorno ${item.provider_refund_id ?? ''}`}
                </p>
              ) : null}
              {item.reason ? <p className="text-ink-700">Motivo: {item.reason}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <SummaryList
        className="mt-3"
        lines={[
          { label: 'Total devolvido', value: reais(order.refunded_total) },
          { label: 'Ainda pode ser devolvido', value: reais(refundable) },
        ]}
      />
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && !refund.isPending) setOpen(false);
        }}
        title="Reembolsar"
        description={`Devolve parte ou todo o valor ainda não devolvido do pedido ${order.order_number} (até ${reais(refundable)}).`}
      >
        <RefundForm
          suggested={refundable}
          needsE2e={provider === 'pix_builtin' || provider === 'pix_bank'}
          withReason
          busy={refund.isPending}
          error={refund.error}
          onSubmit={(body) =>
            refund.mutate(body, {
              onSuccess: (answer) => {
                setResult(answer.message);
                setOpen(false);
              },
            })
          }
        />
      </Dialog>
    </section>
  );
}
