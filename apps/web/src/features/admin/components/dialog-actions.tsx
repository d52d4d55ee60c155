import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { cn } from '../../../lib/cn.ts';

/** The server's refusal of an action dialog's request; `fallback` when it is no Error. */
export function DialogError({
  error,
  fallback = 'Não foi possível concluir a ação.',
  className,
}: {
  error: unknown;
  fallback?: string;
  className?: string;
}) {
  if (!error) return null;
  return (
    <FormAlert
      kind="error"
      className={className}
      messages={[error instanceof Error ? error.message : fallback]}
    />
  );
}

/** `backLabel` (closes the dialog) beside the dialog's own button, stacked on a phone. */
export function DialogActions({
  backLabel = 'Voltar',
  className,
  children,
}: {
  backLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <DialogClose asChild>
        <Button variant="ghost">{backLabel}</Button>
      </DialogClose>
      {children}
    </div>
  );
}

/** A row's dialog: closed without a change, or done with the message the page shows. */
export interface RowDialogProps {
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Asks before a step of a list's row (delete a product, remove someone's access): what it does,
 * any field it needs (`children`), the server's refusal, 'Cancelar' and the step's button. It
 * stays open while the request runs.
 */
export function ConfirmDialog({
  title,
  description,
  action,
  pendingLabel,
  variant = 'danger',
  mutation,
  disabled = false,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  action: string;
  pendingLabel: string;
  variant?: 'danger' | 'primary';
  /** The step's request: the dialog waits for it and shows its refusal. */
  mutation: { isPending: boolean; error: Error | null };
  /** Keeps the step's button off (nothing changed yet), besides while it runs. */
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const pending = mutation.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={title}
      description={description}
    >
      {children}
      <DialogError className="mt-4" error={mutation.error} />
      <DialogActions className="mt-6" backLabel="Cancelar">
        <Button variant={variant} disabled={pending || disabled} onClick={onConfirm}>
          {pending ? pendingLabel : action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
