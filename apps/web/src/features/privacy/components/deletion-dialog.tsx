import { PRIVACY_TEXTS } from '@lumina/shared/privacy/privacy-texts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';

export interface DeletionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** Spec 001 §5: a deletion request is sent only after this question. */
export function DeletionDialog({ open, onOpenChange, onConfirm }: DeletionDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Solicitar exclusão dos dados"
      description={PRIVACY_TEXTS.deletionConfirmation}
    >
      <p className="mt-3 text-sm text-ink-700">
        A loja apaga sua conta e seus dados pessoais, com as avaliações de produtos que você
        escreveu; os pedidos ficam guardados só com os dados fiscais (nome, CPF e endereço de
        entrega) pelo prazo legal.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button variant="danger" onClick={onConfirm}>
          Confirmar exclusão
        </Button>
      </div>
    </Dialog>
  );
}
