import { SHIPPING_MESSAGES } from '@lumina/shared/checkout/shipping-messages';
import { useId } from 'react';
import { ShippingOptionText } from '../../../components/shipping-option-text.tsx';
import { maskCep, shippingErrorMessage } from '../../../lib/cart/shipping-quote.ts';
import type { DefaultAddressShipping } from '../api/default-address-shipping.ts';

/** The PAC quote of the cart to the default address, once it was asked for. */
export function DefaultAddressShippingCard({ shipping }: { shipping: DefaultAddressShipping }) {
  const titleId = useId();
  const { zip, cartEmpty, pending, option, error } = shipping;
  if (zip === null || (!cartEmpty && !pending && !option && !error)) return null;
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={pending}
      className="mt-6 rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5"
    >
      <h3 id={titleId} className="font-semibold text-ink-900">
        Frete para o endereço padrão
      </h3>
      <p className="mt-1 text-sm text-ink-700">CEP {maskCep(zip)}</p>
      <div className="mt-3" aria-live="polite">
        {cartEmpty ? <p className="text-sm text-ink-700">{SHIPPING_MESSAGES.emptyCart}</p> : null}
        {option ? <ShippingOptionText option={option} /> : null}
        {error ? <p className="text-sm text-ink-700">{shippingErrorMessage(error)}</p> : null}
        {pending ? <p className="text-sm text-ink-700">Calculando frete...</p> : null}
      </div>
    </section>
  );
}
