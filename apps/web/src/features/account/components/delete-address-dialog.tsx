import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import type { SavedAddress } from '../../../lib/account/get-addresses.ts';

export interface DeleteAddressDialogProps {
  address: SavedAddress | null;
  onConfirm: (address: SavedAddress) => void;
  onClose: () => void;
}

/** Deleting asks first: an address typed on a phone is tedious to type again. */
export function DeleteAddressDialog({ address, onConfirm, onClose }: DeleteAddressDialogProps) {
  return (
    <Dialog
      open={address !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Excluir endereço"
      description={
        address ? `Tem certeza que deseja excluir o endereço "${address.name}"?` : undefined
      }
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button
          variant="danger"
          onClick={() => {
            if (address) onConfirm(address);
          }}
        >
          Excluir
        </Button>
      </div>
    </Dialog>
  );
}
