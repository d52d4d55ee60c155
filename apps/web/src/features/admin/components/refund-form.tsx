import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import {
  pixEndToEndIdSchema,
  type RefundBody,
  refundAmountSchema,
  REFUND_MESSAGES,
} from '@lumina/shared/returns/return-schemas';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { E2E_HINT, parseReais, reaisField } from '../model/return-labels.ts';
import { DialogActions, DialogError } from './dialog-actions.tsx';

export interface RefundFormProps {
  /** The amount the form starts with (reais): what the request or the order has to get back. */
  suggested: number | null;
  /** The order was paid with the shop's own PIX: the shop sends the money and types its E2E id. */
  needsE2e: boolean;
  /** Asks for a reason (a refund outside a withdrawal request). */
  withReason?: boolean;
  busy: boolean;
  error: unknown;
  onSubmit: (body: NonNullable<RefundBody>) => void;
}

interface Problems {
  amount?: string;
  e2e?: string;
}

/**
 * The refund of a withdrawal or of an order: the amount (prefilled, editable), the PIX E2E id
 * when the shop gives the money back from its own bank, then a confirmation before anything is
 * sent, since money that left cannot be called back.
 */
export function RefundForm({
  suggested,
  needsE2e,
  withReason = false,
  busy,
  error,
  onSubmit,
}: RefundFormProps) {
  const id = useId();
  const [amount, setAmount] = useState(suggested === null ? '' : reaisField(suggested));
  const [e2e, setE2e] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [confirm, setConfirm] = useState<NonNullable<RefundBody> | null>(null);

  const review = () => {
    const next: Problems = {};
    const parsedAmount = refundAmountSchema.safeParse(parseReais(amount));
    if (!parsedAmount.success) next.amount = REFUND_MESSAGES.amount;
    const parsedE2e = needsE2e ? pixEndToEndIdSchema.safeParse(e2e) : null;
    if (parsedE2e && !parsedE2e.success) {
      next.e2e = e2e.trim() ? REFUND_MESSAGES.e2eInvalid : REFUND_MESSAGES.e2eRequired;
    }
    setProblems(next);
    if (next.amount || next.e2e || !parsedAmount.success) return;
    setConfirm({
      amount: parsedAmount.data,
      ...(parsedE2e?.success ? { e2e_id: parsedE2e.data } : {}),
      ...(withReason && reason.trim() ? { reason: reason.trim() } : {}),
    });
  };

  if (confirm) {
    const cents = reaisToCents(confirm.amount ?? 0) ?? 0;
    return (
      <div className="mt-4 space-y-4">
        <div className="rounded-xl border border-gold-500/40 bg-gold-100 p-3 text-sm text-ink-900">
          <p className="font-semibold">
            Confirmar o reembolso de <span className="whitespace-nowrap">{formatBRL(cents)}</span>?
          </p>
          <p className="mt-1">
            {needsE2e ? (
              <>
                Fica registrado que a loja devolveu {formatBRL(cents)} por PIX (E2E{' '}
                {/* 32 characters without a break: wrapped anywhere to stay inside a phone. */}
                <span className="font-mono break-all">{confirm.e2e_id}</span>).
              </>
            ) : (
              `O MercadoPago estorna ${formatBRL(cents)} ao cliente.`
            )}{' '}
            O cliente é avisado por e-mail. Um reembolso não pode ser desfeito.
          </p>
        </div>
        <DialogError error={error} fallback="Não foi possível registrar o reembolso." />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={busy} onClick={() => setConfirm(null)}>
            Corrigir
          </Button>
          <Button disabled={busy} onClick={() => onSubmit(confirm)}>
            {busy ? 'Aguarde...' : 'Confirmar reembolso'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <TextField
        id={`${id}-valor`}
        label="Valor a devolver (R$)"
        error={problems.amount}
        hint={
          suggested === null
            ? 'Nada a devolver pela conta da loja.'
            : `Sugerido: ${formatBRL(reaisToCents(suggested) ?? 0)}. Pode ser alterado.`
        }
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      {needsE2e ? (
        <TextField
          id={`${id}-e2e`}
          label="Identificador PIX (E2E) da devolução"
          error={problems.e2e}
          hint={
            <>
              Faça o PIX de volta pelo app do banco da loja e copie o identificador do comprovante.{' '}
              {E2E_HINT}
            </>
          }
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={e2e}
          onChange={(event) => setE2e(event.target.value)}
          controlClassName="font-mono"
        />
      ) : null}
      {withReason ? (
        <TextField
          id={`${id}-motivo`}
          label="Motivo (opcional)"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
      <DialogActions>
        <Button type="submit">Revisar reembolso</Button>
      </DialogActions>
    </form>
  );
}
