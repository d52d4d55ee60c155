import { useEffect, useRef } from 'react';
import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { useAccountUserId } from '../../../lib/account/account-keys.ts';
import { useAddresses } from '../../../lib/account/get-addresses.ts';
import { useProfile } from '../../../lib/account/get-profile.ts';
import {
  addressValues,
  defaultAddress,
  profileValues,
  type CheckoutFormValues,
} from './checkout-form-values.ts';

interface FormAccess {
  getValues: UseFormGetValues<CheckoutFormValues>;
  setValue: UseFormSetValue<CheckoutFormValues>;
}

/** Writes the fields the user has left empty; what they typed meanwhile stays. */
function fillEmpty({ getValues, setValue }: FormAccess, values: Partial<CheckoutFormValues>) {
  for (const [field, value] of Object.entries(values) as [keyof CheckoutFormValues, string][]) {
    if (value && getValues(field).trim() === '') setValue(field, value);
  }
}

/**
 * Fills the customer form once from the profile and once from the default address (spec 001 §3).
 * Either may fail or be missing: the form is simply typed by hand then.
 */
export function useCheckoutPrefill({ getValues, setValue }: FormAccess) {
  const userId = useAccountUserId();
  const profile = useProfile(userId).data;
  const addresses = useAddresses().data;
  const done = useRef({ profile: false, address: false });

  useEffect(() => {
    if (!profile || done.current.profile) return;
    done.current.profile = true;
    fillEmpty({ getValues, setValue }, profileValues(profile));
  }, [profile, getValues, setValue]);

  useEffect(() => {
    if (!addresses || done.current.address) return;
    done.current.address = true;
    const address = defaultAddress(addresses);
    if (address) fillEmpty({ getValues, setValue }, addressValues(address));
  }, [addresses, getValues, setValue]);
}
