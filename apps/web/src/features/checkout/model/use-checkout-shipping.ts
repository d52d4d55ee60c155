import { SHIPPING_MESSAGES } from '@lumina/shared/checkout/shipping-messages';
import { shippingCepError } from '@lumina/shared/checkout/shipping-cep';
import {
  DEFAULT_SHIPPING_METHOD,
  type ShippingMethod,
} from '@lumina/shared/constants/storefront-constants';
import { onlyDigits } from '@lumina/shared/validation/digits';
import { useEffect, useState } from 'react';
import {
  maskCep,
  shippingErrorMessage,
  useShippingQuote,
} from '../../../lib/cart/shipping-quote.ts';

/** The checkout's wording of a failed quote (spec 001 §5); a server refusal keeps its own text. */
export function checkoutShippingError(error: unknown): string {
  const text = shippingErrorMessage(error);
  if (text === SHIPPING_MESSAGES.noOption) return SHIPPING_MESSAGES.notAvailableForCep;
  if (text === SHIPPING_MESSAGES.failed) return SHIPPING_MESSAGES.checkoutFailed;
  return text;
}

/**
 * The delivery box's state. Its CEP follows the customer's zip until the user types another
 * one there; a quote counts only for the CEP and method it was made for, and for the cart
 * (`cartKey`) it priced.
 */
export function useCheckoutShipping(zip: string, cartKey: string) {
  const quote = useShippingQuote();
  const { reset } = quote;
  const [method, setMethod] = useState<ShippingMethod>(DEFAULT_SHIPPING_METHOD);
  const [ownCep, setOwnCep] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cep = ownCep ?? zip;

  useEffect(() => {
    reset();
  }, [reset, cartKey]);

  const asked = quote.variables;
  const current =
    asked !== undefined && asked.method === method && onlyDigits(asked.cep) === onlyDigits(cep);

  return {
    cep,
    method,
    pending: quote.isPending,
    option: current && quote.isSuccess ? quote.data : null,
    error: problem ?? (current && quote.isError ? checkoutShippingError(quote.error) : null),
    changeCep(value: string) {
      setOwnCep(maskCep(value));
      setProblem(null);
    },
    /** The customer's zip changed: the delivery CEP goes back to following it. */
    followZip() {
      setOwnCep(null);
      setProblem(null);
    },
    changeMethod(next: ShippingMethod) {
      setMethod(next);
      setProblem(null);
    },
    calculate(itemCount: number) {
      const refusal = itemCount === 0 ? SHIPPING_MESSAGES.emptyCart : shippingCepError(cep);
      setProblem(refusal ?? null);
      if (refusal === undefined) quote.mutate({ cep, method });
    },
  };
}

export type CheckoutShipping = ReturnType<typeof useCheckoutShipping>;
