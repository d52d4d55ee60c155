import type { AdminOrderAction, AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { shipOrderBodySchema } from '@lumina/shared/orders/tracking-code';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { OrderActionInput } from '../api/orders.ts';
import { actionLabel, actionWarning } from '../model/order-labels.ts';
import { DialogActions, DialogError } from './dialog-actions.tsx';

type ShipInput = z.input<typeof shipOrderBodySchema>;
type ShipBody = z.output<typeof shipOrderBodySchema>;

export interface OrderActionDialogProps {
  action: AdminOrderAction | null;
  detail: AdminOrderDetail;
  busy: boolean;
  error: unknown;
  onRun: (input: OrderActionInput) => void;
  onClose: () => void;
}

/** The field errors the server sent for the tracking code (a code it refused). */
function trackingError(error: unknown): string | undefined {
  return error instanceof ApiError ? error.fields.tracking_code?.[0] : undefined;
}

function ShipForm({
  busy,
  error,
  onRun,
}: Pick<OrderActionDialogProps, 'busy' | 'error' | 'onRun'>) {
  const { register, handleSubmit, formState } = useForm<ShipInput, unknown, ShipBody>({
    resolver: zodResolver(shipOrderBodySchema),
    defaultValues: { tracking_code: '' },
  });
  const serverField = trackingError(error);
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => void handleSubmit((body) => onRun({ action: 'ship', body }))(event)}
    >
      <TextField
        id="codigo-rastreio"
        label="Código de rastreio"
        registration={register('tracking_code')}
        error={formState.errors.tracking_code?.message ?? serverField}
        hint="Como no comprovante dos Correios: duas letras, nove números e BR (AA473124829BR)."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
      />
      {/* A refused code is said under the field already. */}
      <DialogError error={serverField ? null : error} />
      <DialogActions>
        <Button type="submit" disabled={busy}>
          {busy ? 'Enviando...' : 'Marcar como enviado'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Asks before an action runs: what it does, then the action itself (ship asks for the code). */
export function OrderActionDialog({
  action,
  detail,
  busy,
  error,
  onRun,
  onClose,
}: OrderActionDialogProps) {
  const provider = detail.payments[0]?.provider ?? 'pix_builtin';
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={action ? actionLabel(action, detail.order) : ''}
      description={action ? actionWarning(action, detail.order, provider) : undefined}
    >
      {action === 'ship' ? (
        <ShipForm busy={busy} error={error} onRun={onRun} />
      ) : action ? (
        <div className="mt-6 space-y-4">
          <DialogError error={error} />
          <DialogActions>
            <Button
              variant={action === 'cancel' ? 'danger' : 'primary'}
              disabled={busy}
              onClick={() => onRun({ action })}
            >
              {busy ? 'Aguarde...' : actionLabel(action, detail.order)}
            </Button>
          </DialogActions>
        </div>
      ) : null}
    </Dialog>
  );
}
