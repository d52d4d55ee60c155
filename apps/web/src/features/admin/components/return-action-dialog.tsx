import { optionValuesLabel } from '@lumina/shared/catalog/variants';
import {
  type AdminReturnJson,
  type InstructionKind,
  rejectReturnBodySchema,
  returnInstructionsBodySchema,
  shipExchangeBodySchema,
} from '@lumina/shared/returns/return-schemas';
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import type { ReturnActionInput } from '../api/returns.ts';
import { returnActionLabel, type ReturnAction } from '../model/return-labels.ts';
import { DialogActions, DialogError } from './dialog-actions.tsx';
import { RefundForm } from './refund-form.tsx';

export interface ReturnActionDialogProps {
  action: ReturnAction | null;
  request: AdminReturnJson;
  busy: boolean;
  error: unknown;
  onRun: (input: ReturnActionInput) => void;
  onClose: () => void;
}

interface FormProps {
  request: AdminReturnJson;
  busy: boolean;
  error: unknown;
  onRun: (input: ReturnActionInput) => void;
}

/** What the administrator typed, checked by the step's shared schema before it is sent. */
function useChecked<S extends z.ZodType>(schema: S) {
  const [problem, setProblem] = useState<string | undefined>();
  const check = (value: z.input<S>): z.output<S> | null => {
    const parsed = schema.safeParse(value);
    setProblem(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  };
  return { problem, check };
}

/** A step's form: its fields, the server's refusal, 'Voltar' and the step's button. */
function StepForm({
  label,
  busy,
  error,
  onSubmit,
  children,
}: {
  label: string;
  busy: boolean;
  error: unknown;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <DialogError error={error} />
      <DialogActions>
        <Button type="submit" disabled={busy}>
          {busy ? 'Aguarde...' : label}
        </Button>
      </DialogActions>
    </form>
  );
}

function InstructionsForm({ request, busy, error, onRun }: FormProps) {
  const id = useId();
  const [kind, setKind] = useState<InstructionKind>(
    request.instructions?.kind ?? 'authorization_code',
  );
  const [code, setCode] = useState(request.instructions?.code ?? '');
  const [address, setAddress] = useState(request.instructions?.address ?? '');
  const { problem, check } = useChecked(returnInstructionsBodySchema);
  return (
    <StepForm
      label="Enviar ao cliente"
      busy={busy}
      error={error}
      onSubmit={() => {
        const body = check({
          instructions: kind === 'authorization_code' ? { kind, code } : { kind, address },
        });
        if (body) onRun({ action: 'instructions', body });
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-ink-900">Como o cliente devolve</legend>
        <div className="mt-2 space-y-2">
          {(
            [
              ['authorization_code', 'Código de autorização de postagem (Correios)'],
              ['posting_address', 'Endereço para envio'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-3 text-sm text-ink-900">
              <input
                type="radio"
                name={`${id}-tipo`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-5 accent-ink-900"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'authorization_code' ? (
        <TextField
          id={`${id}-codigo`}
          label="Código de autorização"
          error={problem}
          hint="De 4 a 40 letras, números ou hífens."
          value={code}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setCode(event.target.value)}
          controlClassName="font-mono"
        />
      ) : (
        <TextAreaField
          id={`${id}-endereco`}
          label="Endereço de postagem"
          error={problem}
          value={address}
          rows={3}
          maxLength={500}
          onChange={(event) => setAddress(event.target.value)}
        />
      )}
    </StepForm>
  );
}

function ReceiveForm({ request, busy, error, onRun }: FormProps) {
  const id = useId();
  const [resellable, setResellable] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(request.items.map((item) => [item.id, true])),
  );
  return (
    <StepForm
      label="Registrar recebimento"
      busy={busy}
      error={error}
      onSubmit={() =>
        onRun({
          action: 'receive',
          body: {
            items: request.items.map((item) => ({
              return_item_id: item.id,
              resellable: resellable[item.id] ?? false,
            })),
          },
        })
      }
    >
      <ul className="space-y-2">
        {request.items.map((item) => (
          <li key={item.id} className="rounded-xl border border-ink-300/60 bg-white p-3 text-sm">
            <p className="font-medium text-ink-900">
              {item.quantity} × {item.product_name}
              {optionValuesLabel(item.option_values)
                ? ` (${optionValuesLabel(item.option_values)})`
                : ''}
            </p>
            <label className="mt-2 flex items-center gap-3 text-ink-900">
              <input
                id={`${id}-${item.id}`}
                type="checkbox"
                checked={resellable[item.id] ?? false}
                onChange={(event) =>
                  setResellable((current) => ({ ...current, [item.id]: event.target.checked }))
                }
                className="size-5 accent-ink-900"
              />
              Pode voltar ao estoque
            </label>
          </li>
        ))}
      </ul>
    </StepForm>
  );
}

function RejectForm({ busy, error, onRun }: FormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const { problem, check } = useChecked(rejectReturnBodySchema);
  return (
    <StepForm
      label="Recusar pedido"
      busy={busy}
      error={error}
      onSubmit={() => {
        const body = check({ reason });
        if (body) onRun({ action: 'reject', body });
      }}
    >
      <TextAreaField
        id={`${id}-motivo`}
        label="Motivo da recusa"
        error={problem}
        value={reason}
        rows={3}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </StepForm>
  );
}

function ShipExchangeForm({ busy, error, onRun }: FormProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const { problem, check } = useChecked(shipExchangeBodySchema);
  return (
    <StepForm
      label="Enviar troca"
      busy={busy}
      error={error}
      onSubmit={() => {
        const body = check({ tracking_code: code });
        if (body) onRun({ action: 'ship_exchange', body });
      }}
    >
      <TextField
        id={`${id}-rastreio`}
        label="Código de rastreio"
        error={problem}
        hint="Como no comprovante dos Correios: duas letras, nove números e BR (AA473124829BR)."
        value={code}
        maxLength={20}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => setCode(event.target.value)}
        controlClassName="font-mono"
      />
    </StepForm>
  );
}

const DESCRIPTIONS: Record<ReturnAction, string> = {
  instructions:
    'O cliente recebe por e-mail como devolver as peças, e as vê no pedido em Meus Pedidos.',
  receive:
    'Marque as peças que podem ser vendidas de novo: elas voltam ao estoque. O cliente é avisado por e-mail.',
  refund: 'Devolve o valor ao cliente e fecha o pedido de devolução.',
  reject: 'O cliente recebe o motivo por e-mail. Esta ação não pode ser desfeita.',
  ship_exchange:
    'Reserva a variação nova do estoque e envia o código de rastreio ao cliente por e-mail.',
};

/** One step of a withdrawal or exchange: its form, sent once the administrator confirms. */
export function ReturnActionDialog({
  action,
  request,
  busy,
  error,
  onRun,
  onClose,
}: ReturnActionDialogProps) {
  const props = { request, busy, error, onRun };
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={action ? returnActionLabel(action, request) : ''}
      description={action ? DESCRIPTIONS[action] : undefined}
    >
      {action === 'instructions' ? <InstructionsForm {...props} /> : null}
      {action === 'receive' ? <ReceiveForm {...props} /> : null}
      {action === 'reject' ? <RejectForm {...props} /> : null}
      {action === 'ship_exchange' ? <ShipExchangeForm {...props} /> : null}
      {action === 'refund' ? (
        <RefundForm
          suggested={request.suggested_refund}
          needsE2e={
            request.payment_provider === 'pix_builtin' || request.payment_provider === 'pix_bank'
          }
          busy={busy}
          error={error}
          onSubmit={(body) => onRun({ action: 'refund', body })}
        />
      ) : null}
    </Dialog>
  );
}
