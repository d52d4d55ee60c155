import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatBRL } from '@lumina/shared/format/money';
import { onlyDigits } from '@lumina/shared/validation/digits';
import { TruckIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import {
  maskCep,
  shippingErrorMessage,
  useShippingQuote,
} from '../../../lib/cart/shipping-quote.ts';
import { openLoginDialog } from '../../../lib/ui-events.ts';
import { useStore } from '../../../lib/store-settings.ts';

interface ShippingBoxProps {
  productId: number;
  quantity: number;
}

/**
 * The product page's shipping by CEP (PAC) for this product and quantity (spec 000, Product
 * detail). It needs a logged-in shopper: a visitor who asks gets the login modal.
 */
export function ShippingBox({ productId, quantity }: ShippingBoxProps) {
  const inputId = useId();
  const hintId = useId();
  const { status } = useAuth();
  const [cep, setCep] = useState('');
  const quote = useShippingQuote();
  const { reset } = quote;
  // Free shipping is promised only when the settings offer it (and have arrived).
  const freeFrom = useStore()?.free_shipping_threshold_cents ?? null;
  // A quote is for the quantity it was asked with, and for the session that asked.
  useEffect(() => {
    reset();
  }, [reset, quantity, status]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'authenticated') openLoginDialog('shipping');
    else quote.mutate({ cep, method: 'pac', productId, quantity });
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
          onChange={(event) => {
            setCep(maskCep(event.target.value));
            reset();
          }}
          aria-describedby={hintId}
          className="h-11 min-w-0 flex-1 rounded-full border border-ink-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-600 sm:text-sm"
        />
        <Button
          type="submit"
          variant="outline"
          disabled={onlyDigits(cep).length !== 8 || quote.isPending}
        >
          {quote.isPending ? 'Calculando...' : 'Calcular'}
        </Button>
      </form>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {quote.isSuccess ? (
          <div className="rounded-xl bg-cream-100 p-3 text-sm">
            <p className="flex justify-between gap-2 font-semibold text-ink-900">
              <span>{quote.data.name}</span>
              <span className="tabular-nums">
                {quote.data.cost_cents === 0 ? 'Grátis' : formatBRL(quote.data.cost_cents)}
              </span>
            </p>
            <p className="text-ink-700">{quote.data.estimated_delivery}</p>
          </div>
        ) : null}
        {quote.isError ? (
          <p role="alert" className="text-sm font-medium text-sale">
            {shippingErrorMessage(quote.error)}
          </p>
        ) : null}
      </div>
      <p id={hintId} className="mt-2 text-xs text-ink-600">
        Entrega pelos Correios (PAC)
        {freeFrom === null ? '' : `, frete grátis a partir de ${formatBRL(freeFrom)}`}.
        {status === 'authenticated' ? null : ' O cálculo pede login.'}
      </p>
    </section>
  );
}
