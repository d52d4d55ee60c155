import { optionValuesLabel } from '@lumina/shared/catalog/variants';
import {
  type AdminReturnJson,
  type InstructionKind,
  rejectReturnBodySchema,
  returnInstructionsBodySchema,
  shipExchangeBodySchema,
} from '@lumina/shared/returns/return-schemas';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ReturnActionInput } from '../api/returns.ts';
import { returnActionLabel, type ReturnAction } from '../model/return-labels.ts';
import { RefundForm } from './refund-form.tsx';

export interface ReturnActionDialogProps {
  action: ReturnAction | null;
  request: AdminReturnJson;
  busy: boolean;
  error: unknown;
  onRun: (input: ReturnActionInput) => void;
  onClose: () => void;
}

const inputClass =
  'mt-1 w-full rounded-xl border bg-white px-4 py-2.5 text-base text-ink-900 focus:border-gold-600 focus:outline-none';

function errorText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof Error ? error.message : 'Não foi possível concluir a ação.';
}

interface FormProps {
  request: AdminReturnJson;
  busy: boolean;
  error: unknown;
  onRun: (input: ReturnActionInput) => void;
}

function Footer({ busy, label, error }: { busy: boolean; label: string; error: unknown }) {
  return (
    <>
      {error ? <FormAlert kind="error" messages={[errorText(error) ?? '']} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="ghost">Voltar</Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? 'Aguarde...' : label}
        </Button>
      </div>
    </>
  );
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-ink-600">{hint}</p> : null}
      {error ? <p className="mt-1 text-xs font-medium text-sale">{error}</p> : null}
    </div>
  );
}

function InstructionsForm({ request, busy, error, onRun }: FormProps) {
  const id = useId();
  const [kind, setKind] = useState<InstructionKind>(
    request.instructions?.kind ?? 'authorization_code',
  );
  const [code, setCode] = useState(request.instructions?.code ?? '');
  const [address, setAddress] = useState(request.instructions?.address ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = returnInstructionsBodySchema.safeParse({
          instructions: kind === 'authorization_code' ? { kind, code } : { kind, address },
        });
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message);
          return;
        }
        setProblem(undefined);
        onRun({ action: 'instructions', body: parsed.data });
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
        <Field
          id={`${id}-codigo`}
          label="Código de autorização"
          error={problem}
          hint="De 4 a 40 letras, números ou hífens."
        >
          <input
            id={`${id}-codigo`}
            value={code}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setCode(event.target.value)}
            className={cn(inputClass, 'font-mono', problem ? 'border-sale' : 'border-ink-300')}
          />
        </Field>
      ) : (
        <Field id={`${id}-endereco`} label="Endereço de postagem" error={problem}>
          <textarea
            id={`${id}-endereco`}
            value={address}
            rows={3}
            maxLength={500}
            onChange={(event) => setAddress(event.target.value)}
            className={cn(inputClass, problem ? 'border-sale' : 'border-ink-300')}
          />
        </Field>
      )}
      <Footer busy={busy} error={error} label="Enviar ao cliente" />
    </form>
  );
}

function ReceiveForm({ request, busy, error, onRun }: FormProps) {
  const id = useId();
  const [resellable, setResellable] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(request.items.map((item) => [item.id, true])),
  );
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onRun({
          action: 'receive',
          body: {
            items: request.items.map((item) => ({
              return_item_id: item.id,
              resellable: resellable[item.id] ?? false,
            })),
          },
        });
      }}
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
      <Footer busy={busy} error={error} label="Registrar recebimento" />
    </form>
  );
}

function RejectForm({ busy, error, onRun }: FormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = rejectReturnBodySchema.safeParse({ reason });
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message);
          return;
        }
        setProblem(undefined);
        onRun({ action: 'reject', body: parsed.data });
      }}
    >
      <Field id={`${id}-motivo`} label="Motivo da recusa" error={problem}>
        <textarea
          id={`${id}-motivo`}
          value={reason}
          rows={3}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          className={cn(inputClass, problem ? 'border-sale' : 'border-ink-300')}
        />
      </Field>
      <Footer busy={busy} error={error} label="Recusar pedido" />
    </form>
  );
}

function ShipExchangeForm({ busy, error, onRun }: FormProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = shipExchangeBodySchema.safeParse({ tracking_code: code });
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message);
          return;
        }
        setProblem(undefined);
        onRun({ action: 'ship_exchange', body: parsed.data });
      }}
    >
      <Field
        id={`${id}-rastreio`}
        label="Código de rastreio"
        error={problem}
        hint="Como no comprovante dos Correios: duas letras, nove números e BR (AA473124829BR)."
      >
        <input
          id={`${id}-rastreio`}
          value={code}
          maxLength={20}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => setCode(event.target.value)}
          className={cn(inputClass, 'font-mono', problem ? 'border-sale' : 'border-ink-300')}
        />
      </Field>
      <Footer busy={busy} error={error} label="Enviar troca" />
    </form>
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
          needsE2e={request.payment_provider === 'pix_builtin'}
          busy={busy}
          error={error}
          onSubmit={(body) => onRun({ action: 'refund', body })}
        />
      ) : null}
    </Dialog>
  );
}
