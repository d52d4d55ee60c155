import {
  completePrivacyRequestSchema,
  type CompletePrivacyRequest,
} from '@lumina/shared/privacy/privacy-requests';
import { PRIVACY_COMPLETION_WARNINGS } from '@lumina/shared/privacy/privacy-texts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AdminPrivacyRequest } from '../api/privacy.ts';

const NOTE_MAX = 2000;

export interface CompletePrivacyDialogProps {
  request: AdminPrivacyRequest | null;
  busy: boolean;
  /** The server's refusal (a deletion with orders still moving is a 409 with its reason). */
  error: Error | null;
  onConfirm: (body: CompletePrivacyRequest) => void;
  onClose: () => void;
}

function NoteForm({
  request,
  busy,
  error,
  onConfirm,
}: Omit<CompletePrivacyDialogProps, 'request' | 'onClose'> & { request: AdminPrivacyRequest }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const id = useId();
  const deletion = request.type === 'deletion';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = completePrivacyRequestSchema.safeParse({ note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    onConfirm(parsed.data.note ? { note: parsed.data.note } : {});
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <div>
        <label htmlFor={`${id}-nota`} className="block text-sm font-medium text-ink-900">
          Observação para o titular (opcional)
        </label>
        <textarea
          id={`${id}-nota`}
          value={note}
          maxLength={NOTE_MAX}
          rows={4}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={`${id}-dica${noteError ? ` ${id}-erro` : ''}`}
          className={cn(
            'mt-1 w-full rounded-xl border bg-white px-4 py-2.5 text-base text-ink-900 focus:border-gold-600 focus:outline-none',
            noteError ? 'border-sale' : 'border-ink-300',
          )}
        />
        <p id={`${id}-dica`} className="mt-1 text-xs text-ink-600">
          Vai junto com a resposta por e-mail. {note.length}/{NOTE_MAX} caracteres.
        </p>
        {noteError ? (
          <p id={`${id}-erro`} className="mt-1 text-xs font-medium text-sale">
            {noteError}
          </p>
        ) : null}
      </div>
      {error ? <FormAlert kind="error" messages={[error.message]} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="ghost" disabled={busy}>
            Voltar
          </Button>
        </DialogClose>
        <Button type="submit" variant={deletion ? 'danger' : 'primary'} disabled={busy}>
          {busy ? 'Concluindo...' : deletion ? 'Excluir dados e concluir' : 'Concluir solicitação'}
        </Button>
      </div>
    </form>
  );
}

/** Asks before a request is answered: what answering it does (for a deletion, what is erased). */
export function CompletePrivacyDialog({ request, onClose, ...rest }: CompletePrivacyDialogProps) {
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !rest.busy) onClose();
      }}
      title={request ? `Concluir: ${request.type_label}` : ''}
      description={request ? PRIVACY_COMPLETION_WARNINGS[request.type] : undefined}
    >
      {/* Keyed so each request starts with an empty note. */}
      {request ? <NoteForm key={request.id} request={request} {...rest} /> : null}
    </Dialog>
  );
}
