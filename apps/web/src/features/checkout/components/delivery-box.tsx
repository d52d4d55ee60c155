import {
  SHIPPING_METHODS,
  type ShippingMethod,
} from '@lumina/shared/constants/storefront-constants';
import { CEP_MASK_LENGTH } from '@lumina/shared/validation/cep';
import { ShippingOptionText } from '../../../components/shipping-option-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { CheckoutShipping } from '../model/use-checkout-shipping.ts';
import { CheckoutBox } from './checkout-box.tsx';

const METHOD_LABELS: Record<ShippingMethod, string> = { pac: 'PAC', sedex: 'SEDEX' };

export interface DeliveryBoxProps {
  shipping: CheckoutShipping;
  itemCount: number;
}

/**
 * Delivery (spec 001 §2, §5): PAC or SEDEX and a CEP calculator. The order is charged the
 * method chosen here for the customer's zip; the quote shows what that will cost.
 */
export function DeliveryBox({ shipping, itemCount }: DeliveryBoxProps) {
  return (
    <CheckoutBox id="checkout-entrega" title="Entrega">
      <fieldset className="flex gap-2">
        <legend className="mb-2 text-sm font-medium text-ink-900">Modalidade de entrega</legend>
        {SHIPPING_METHODS.map((option) => (
          <label
            key={option}
            className={cn(
              'inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-full border px-4 text-sm font-medium',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-600',
              shipping.method === option
                ? 'border-ink-900 bg-ink-900 text-cream-50'
                : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900',
            )}
          >
            <input
              type="radio"
              name="checkout-modalidade"
              value={option}
              checked={shipping.method === option}
              onChange={() => shipping.changeMethod(option)}
              className="sr-only"
            />
            {METHOD_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <label htmlFor="checkout-cep-frete" className="mt-4 block text-sm font-medium text-ink-900">
        CEP de entrega
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="checkout-cep-frete"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={CEP_MASK_LENGTH}
          value={shipping.cep}
          onChange={(event) => shipping.changeCep(event.target.value)}
          onKeyDown={(event) => {
            // Enter here calculates the shipping rather than submitting the whole order.
            if (event.key === 'Enter') {
              event.preventDefault();
              shipping.calculate(itemCount);
            }
          }}
          className="h-11 min-w-0 flex-1 rounded-full border border-ink-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-600 sm:text-sm"
        />
        <Button
          variant="outline"
          disabled={shipping.pending}
          onClick={() => shipping.calculate(itemCount)}
        >
          {shipping.pending ? 'Calculando...' : 'Calcular'}
        </Button>
      </div>
      <div aria-live="polite" className="mt-3">
        {shipping.error ? (
          <p role="alert" className="text-sm font-medium text-sale">
            {shipping.error}
          </p>
        ) : null}
        {shipping.option ? <ShippingOptionText option={shipping.option} /> : null}
      </div>
    </CheckoutBox>
  );
}
