import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

/** The server's refusal of an action dialog's request; `fallback` when it is no Error. */
export function DialogError({
  error,
  fallback = 'Não foi possível concluir a ação.',
}: {
  error: unknown;
  fallback?: string;
}) {
  if (!error) return null;
  return <FormAlert kind="error" messages={[error instanceof Error ? error.message : fallback]} />;
}

/** 'Voltar' (closes the dialog) beside the dialog's own button, stacked on a phone. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="ghost">Voltar</Button>
      </DialogClose>
      {children}
    </div>
  );
}
