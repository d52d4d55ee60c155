import { useId, useState, type FormEvent } from 'react';
import { SHIPPING_MESSAGES } from '@lumina/shared/checkout/shipping-messages';
import {
  DEFAULT_SHIPPING_METHOD,
  SHIPPING_METHODS,
  type ShippingMethod,
} from '@lumina/shared/constants/storefront-constants';
import { onlyDigits } from '@lumina/shared/validation/digits';
import { TruckIcon } from '../../../components/icons.tsx';
import { ShippingOptionText } from '../../../components/shipping-option-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import {
  maskCep,
  shippingErrorMessage,
  type useShippingQuote,
} from '../../../lib/cart/shipping-quote.ts';
import { openLoginDialog } from '../../../lib/ui-events.ts';
import { cn } from '../../../lib/cn.ts';

const METHOD_LABELS: Record<ShippingMethod, string> = { pac: 'PAC', sedex: 'SEDEX' };

interface ShippingCalculatorProps {
  quote: ReturnType<typeof useShippingQuote>;
}

/**
 * The cart's shipping calculator (spec 000, Cart page): CEP shown 00000-000, calculate enabled
 * with 8 digits, PAC or SEDEX. Logged-in users only; a visitor is told so and offered the login.
 */
export function ShippingCalculator({ quote }: ShippingCalculatorProps) {
  const id = useId();
  const { status } = useAuth();
  const anonymous = status !== 'authenticated';
  const [cep, setCep] = useState('');
  const [method, setMethod] = useState<ShippingMethod>(DEFAULT_SHIPPING_METHOD);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (anonymous) openLoginDialog('shipping');
    else quote.mutate({ cep, method });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-ink-900">
        <TruckIcon className="size-5 text-gold-700" />
        Calcular frete
      </h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        <fieldset className="flex gap-2">
          <legend className="sr-only">Modalidade de entrega</legend>
          {SHIPPING_METHODS.map((option) => (
            <label
              key={option}
              className={cn(
                'inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-full border px-4 text-sm font-medium',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-600',
                method === option
                  ? 'border-ink-900 bg-ink-900 text-cream-50'
                  : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900',
              )}
            >
              <input
                type="radio"
                name={`${id}-method`}
                value={option}
                checked={method === option}
                onChange={() => {
                  setMethod(option);
                  quote.reset();
                }}
                className="sr-only"
              />
              {METHOD_LABELS[option]}
            </label>
          ))}
        </fieldset>
        <div className="flex gap-2">
          <label htmlFor={`${id}-cep`} className="sr-only">
            CEP
          </label>
          <input
            id={`${id}-cep`}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            value={cep}
            onChange={(event) => {
              setCep(maskCep(event.target.value));
              quote.reset();
            }}
            className="h-11 min-w-0 flex-1 rounded-full border border-ink-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-600 sm:text-sm"
          />
          <Button
            type="submit"
            variant="outline"
            disabled={onlyDigits(cep).length !== 8 || quote.isPending}
          >
            {quote.isPending ? 'Calculando...' : 'Calcular'}
          </Button>
        </div>
      </form>
      {anonymous ? (
        <p className="text-sm text-ink-700">
          {SHIPPING_MESSAGES.loginRequired}{' '}
          <button
            type="button"
            onClick={() => openLoginDialog('shipping')}
            className="font-semibold text-gold-700 underline underline-offset-2 hover:text-ink-900"
          >
            Entrar
          </button>
        </p>
      ) : null}
      <div aria-live="polite">
        {quote.isSuccess ? <ShippingOptionText option={quote.data} /> : null}
        {quote.isError ? (
          <p role="alert" className="text-sm font-medium text-sale">
            {shippingErrorMessage(quote.error)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
