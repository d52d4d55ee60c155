import { formatCep } from '@lumina/shared/validation/cep';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { SavedAddress } from '../../../lib/account/get-addresses.ts';

export interface AddressCardProps {
  address: SavedAddress;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  makingDefault: boolean;
}

export function AddressCard({
  address,
  onEdit,
  onDelete,
  onMakeDefault,
  makingDefault,
}: AddressCardProps) {
  const headingId = `endereco-${address.id}-titulo`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl border border-ink-300 bg-white p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold break-words text-ink-900">
          {address.name}
        </h3>
        {address.is_default ? <Badge variant="success">Padrão</Badge> : null}
      </div>
      <address className="mt-2 flex-1 text-sm leading-relaxed break-words text-ink-700 not-italic">
        {address.street}, {address.number}
        {address.complement ? ` - ${address.complement}` : ''}
        <br />
        {address.neighborhood} - {address.city}/{address.state}
        <br />
        CEP {formatCep(address.zip_code)}
      </address>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit}>
          Editar<span className="sr-only"> {address.name}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} className="text-sale">
          Excluir<span className="sr-only"> {address.name}</span>
        </Button>
        {address.is_default ? null : (
          <Button size="sm" variant="ghost" onClick={onMakeDefault} disabled={makingDefault}>
            Definir como padrão<span className="sr-only"> ({address.name})</span>
          </Button>
        )}
      </div>
    </article>
  );
}
