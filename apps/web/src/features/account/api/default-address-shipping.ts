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
import { useCart } from '../../../lib/cart/use-cart.ts';

/** POST /api/carts/calculate_shipping: the cart priced to a zip code (spec 001 §7). */
function quoteCart(body: CartShippingRequest): Promise<ShippingOptionJson> {
  return apiRequest<{ shipping: ShippingOptionJson }>('/carts/calculate_shipping', {
    method: 'POST',
    body,
  }).then((answer) => answer.shipping);
}

/**
 * Spec 001 §4, automatic shipping in the account: about 1 s after the profile loads, the cart is
 * priced by PAC to the default address's zip code. Nothing is asked without a default address,
 * nor for an empty cart: the server would refuse it (422 `empty_cart`) with the very message the
 * card then shows, so the card says it without the round trip.
 */
export function useDefaultAddressShipping(profileLoaded: boolean) {
  const addresses = useAddresses();
  const address = addresses.data?.find((entry) => entry.is_default) ?? null;
  const zip = address?.zip_code ?? null;
  const { cart, loading: cartLoading } = useCart();
  const cartEmpty = !cartLoading && cart.total_items === 0;
  const quote = useMutation({ mutationFn: quoteCart, retry: false });
  const { mutate } = quote;

  useEffect(() => {
    if (!profileLoaded || zip === null || cartLoading || cartEmpty) return;
    const timer = setTimeout(
      () => mutate({ zip_code: zip, service: DEFAULT_SHIPPING_METHOD }),
      AUTO_SHIPPING_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [profileLoaded, zip, cartLoading, cartEmpty, mutate]);

  const asked = quote.variables?.zip_code === zip && !cartEmpty;
  return {
    zip,
    cartEmpty: profileLoaded && cartEmpty,
    pending: asked && quote.isPending,
    option: asked && quote.isSuccess ? quote.data : null,
    error: asked && quote.isError ? quote.error : null,
  };
}

export type DefaultAddressShipping = ReturnType<typeof useDefaultAddressShipping>;
