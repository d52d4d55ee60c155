import { AUTO_SHIPPING_DELAY_MS } from '@lumina/shared/constants/account-constants';
import { DEFAULT_SHIPPING_METHOD } from '@lumina/shared/constants/storefront-constants';
import type {
  CartShippingRequest,
  ShippingOptionJson,
} from '@lumina/shared/shipping/shipping-schemas';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAddresses } from '../../../lib/account/get-addresses.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/carts/calculate_shipping: the cart priced to a zip code (spec 001 §7). */
function quoteCart(body: CartShippingRequest): Promise<ShippingOptionJson> {
  return apiRequest<{ shipping: ShippingOptionJson }>('/carts/calculate_shipping', {
    method: 'POST',
    body,
  }).then((answer) => answer.shipping);
}

/**
 * Spec 001 §4, automatic shipping in the account: about 1 s after the profile loads, the cart is
 * priced by PAC to the default address's zip code. Nothing is asked without a default address.
 */
export function useDefaultAddressShipping(profileLoaded: boolean) {
  const addresses = useAddresses();
  const address = addresses.data?.find((entry) => entry.is_default) ?? null;
  const zip = address?.zip_code ?? null;
  const quote = useMutation({ mutationFn: quoteCart, retry: false });
  const { mutate } = quote;

  useEffect(() => {
    if (!profileLoaded || zip === null) return;
    const timer = setTimeout(
      () => mutate({ zip_code: zip, service: DEFAULT_SHIPPING_METHOD }),
      AUTO_SHIPPING_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [profileLoaded, zip, mutate]);

  const asked = quote.variables?.zip_code === zip;
  return {
    zip,
    pending: asked && quote.isPending,
    option: asked && quote.isSuccess ? quote.data : null,
    error: asked && quote.isError ? quote.error : null,
  };
}

export type DefaultAddressShipping = ReturnType<typeof useDefaultAddressShipping>;
