import { useId, useState, type FormEvent } from 'react';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '@lumina/shared/catalog/pricing';
import { formatBRL } from '@lumina/shared/format/money';
import { TruckIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { openLoginDialog } from '../../../lib/ui-events.ts';

// A local mask rather than the shared CEP module: that one carries zod, which this page avoids.
function maskCep(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/**
 * Shipping by CEP (PAC) needs a logged-in shopper (spec 000 section 6). Accounts arrive later, so
 * the box is here and asking to calculate opens the login dialog, which says so.
 */
export function ShippingBox() {
  const inputId = useId();
  const hintId = useId();
  const [cep, setCep] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    openLoginDialog('shipping');
  }

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl border border-ink-900/10 bg-white p-4"
    >
      <h2
        id={`${inputId}-title`}
        className="flex items-center gap-2 text-base font-semibold text-ink-900"
      >
        <TruckIcon className="size-5 text-gold-700" />
        Calcular frete
      </h2>
      <form onSubmit={onSubmit} className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          CEP
        </label>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={9}
          value={cep}
          onChange={(event) => setCep(maskCep(event.target.value))}
          aria-describedby={hintId}
          className="h-11 min-w-0 flex-1 rounded-full border border-ink-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-600 sm:text-sm"
        />
        <Button type="submit" variant="outline" disabled={cep.replace(/\D/g, '').length !== 8}>
          Calcular
        </Button>
      </form>
      <p id={hintId} className="mt-2 text-xs text-ink-600">
        Entrega pelos Correios (PAC), frete grátis a partir de{' '}
        {formatBRL(FREE_SHIPPING_THRESHOLD_CENTS)}. O cálculo pede login: as contas de cliente
        chegam em breve.
      </p>
    </section>
  );
}
