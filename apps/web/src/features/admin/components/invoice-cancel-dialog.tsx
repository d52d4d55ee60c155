import { FULFILMENT_ACTIONS } from '@lumina/shared/fulfilment/fulfilment-texts';
import {
  INVOICE_CANCEL_JUSTIFICATION,
  type InvoiceCancelBody,
  invoiceCancelBodySchema,
} from '@lumina/shared/fulfilment/invoice-cancel';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { DialogActions, DialogError } from './dialog-actions.tsx';

export interface InvoiceCancelDialogProps {
  open: boolean;
  orderNumber: string;
  busy: boolean;
  /** The API's refusal of the last try, if any. */
  error: Error | null;
  onRun: (body: InvoiceCancelBody) => void;
  onClose: () => void;
}

/** What the schema says of the text, in the server's words; undefined when it is fine. */
function justificationError(text: string): string | undefined {
  const parsed = invoiceCancelBodySchema.safeParse({ justification: text });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A refusal of the justification itself, said under the field. */
function serverFieldError(error: Error | null): string | undefined {
  return error instanceof ApiError ? error.fields.justification?.[0] : undefined;
}

/**
 * 'Cancelar NF-e' asks why: SEFAZ records the justification with the cancellation and takes it
 * only between 15 and 255 characters, the check the API makes with the same schema.
 */
export function InvoiceCancelDialog({
  open,
  orderNumber,
  busy,
  error,
  onRun,
  onClose,
}: InvoiceCancelDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const fieldError = (tried ? justificationError(text) : undefined) ?? serverFieldError(error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const parsed = invoiceCancelBodySchema.safeParse({ justification: text });
    if (parsed.success) onRun(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      title={FULFILMENT_ACTIONS.cancelInvoice}
      description={`A SEFAZ aceita o cancelamento da NF-e do pedido ${orderNumber} até 24 horas depois da autorização, com o motivo.`}
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
        <TextAreaField
          id={`${id}-justificativa`}
          label="Justificativa"
          rows={3}
          value={text}
          maxLength={INVOICE_CANCEL_JUSTIFICATION.max}
          onChange={(event) => setText(event.target.value)}
          error={fieldError}
          hint={`De ${INVOICE_CANCEL_JUSTIFICATION.min} a ${INVOICE_CANCEL_JUSTIFICATION.max} caracteres (${text.trim().length} digitados).`}
        />
        <DialogError error={serverFieldError(error) ? null : error} />
        <DialogActions>
          <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>
            {busy ? 'Cancelando...' : FULFILMENT_ACTIONS.cancelInvoice}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
