import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/ui-events.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useAddresses, type SavedAddress } from '../../../lib/account/get-addresses.ts';
import { SET_DEFAULT_ADDRESS_ERROR, useSetDefaultAddress } from '../api/set-default-address.ts';
import { AddressCard } from './address-card.tsx';
import { AddressForm } from './address-form.tsx';
import { DeleteAddressDialog } from './delete-address-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; address: SavedAddress } | null;

/** 'Endereços': the address book with add, edit, delete and default (spec 001 §2, §5). */
export function AddressesTab() {
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const list = addresses.data ?? [];

  const closeForm = () => setEditing(null);

  return (
    <section aria-labelledby="enderecos-titulo">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="enderecos-titulo" className="font-serif text-2xl text-ink-900">
          Meus endereços
        </h2>
        <Button onClick={() => setEditing({ mode: 'add' })}>Adicionar endereço</Button>
      </div>

      {addresses.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando endereços..." />
        </div>
      ) : addresses.isError ? (
        <FormAlert kind="error" className="mt-6" messages={['Erro ao carregar endereços']}>
          <Button
            size="sm"
            variant="outline"
            className="mt-3"
            onClick={() => void addresses.refetch()}
          >
            Tentar novamente
          </Button>
        </FormAlert>
      ) : list.length === 0 ? (
        <p className="mt-6 rounded-xl bg-cream-100 px-4 py-6 text-center text-ink-700">
          Você ainda não tem endereços cadastrados.
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {list.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                onEdit={() => setEditing({ mode: 'edit', address })}
                onDelete={() => setDeleting(address)}
                makingDefault={makeDefault.isPending}
                onMakeDefault={() =>
                  makeDefault.mutate(address.id, {
                    onError: () => notify(SET_DEFAULT_ADDRESS_ERROR, 'error'),
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) closeForm();
        }}
        title={editing?.mode === 'edit' ? 'Editar endereço' : 'Novo endereço'}
      >
        {editing ? (
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.id : 'novo'}
            address={editing.mode === 'edit' ? editing.address : undefined}
            isFirst={list.length === 0}
            onCancel={closeForm}
            onSaved={() => {
              notify('Endereço salvo com sucesso!', 'success');
              closeForm();
            }}
          />
        ) : null}
      </Dialog>

      <DeleteAddressDialog
        address={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(address) => {
          setDeleting(null);
          // A failure is not shown (spec 001 §8); the list is read again and still shows it.
          remove.mutate(address.id);
        }}
      />
    </section>
  );
}
