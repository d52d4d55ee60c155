import { useId } from 'react';
import { Link } from 'react-router';
import { Switch } from '../../../components/ui/switch.tsx';
import { useFulfilmentStatus } from '../api/fulfilment.ts';

export const AUTO_INVOICE_TEXTS = {
  label: 'Emitir NF-e automaticamente quando o pedido for pago',
  hint: 'O Bling emite a NF-e assim que o pagamento é aprovado. Desligado, use "Emitir NF-e" na página do pedido.',
  needsBling: 'Conecte o Bling na página Produtos para emitir NF-e.',
} as const;

/**
 * The settings' `auto_invoice`, saved with the rest of the form. Turning it on needs Bling
 * connected (GET /api/admin/fulfilment says so); turning it off never does.
 */
export function AutoInvoiceField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const available = useFulfilmentStatus().data?.invoices.available;
  const blocked = available === false && !checked;
  return (
    <fieldset className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5">
      <legend className="px-1 font-serif text-xl text-ink-900">Nota fiscal (NF-e)</legend>
      <div className="flex items-center justify-between gap-4">
        {/* The whole line toggles the switch: a thumb-sized target. */}
        <label
          htmlFor={`${id}-switch`}
          id={`${id}-label`}
          className="flex min-h-11 flex-1 cursor-pointer items-center text-sm font-medium text-ink-900"
        >
          {AUTO_INVOICE_TEXTS.label}
        </label>
        <Switch
          id={`${id}-switch`}
          checked={checked}
          disabled={blocked}
          onCheckedChange={onChange}
          labelledBy={`${id}-label`}
          describedBy={`${id}-hint`}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-700">
        {available === false ? (
          <>
            {AUTO_INVOICE_TEXTS.needsBling}{' '}
            <Link to="/admin/produtos" className="font-medium text-ink-900 underline">
              Ir para Produtos
            </Link>
          </>
        ) : (
          AUTO_INVOICE_TEXTS.hint
        )}
      </p>
    </fieldset>
  );
}
