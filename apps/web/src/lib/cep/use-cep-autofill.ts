import { isStateCode } from '@lumina/shared/addresses/brazil-states';
import { CEP_LENGTH } from '@lumina/shared/validation/cep';
import { isRepeatedDigits, onlyDigits } from '@lumina/shared/validation/digits';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api-client.ts';
import { getCepAddress, type CepAddress } from './get-cep-address.ts';

export type CepAddressField = 'street' | 'neighborhood' | 'city' | 'state';

const FIELDS: readonly CepAddressField[] = ['street', 'neighborhood', 'city', 'state'];

/**
 * idle: no 8-digit CEP; filled: the answer went into at least one field; found: it did not
 * (every field held the user's own text); not-found and unavailable leave the form as it is.
 */
export type CepLookupStatus = 'idle' | 'loading' | 'filled' | 'found' | 'not-found' | 'unavailable';

export interface CepAutofillOptions {
  /** The field's current value in the form. */
  read: (field: CepAddressField) => string;
  write: (field: CepAddressField, value: string) => void;
}

function valueOf(address: CepAddress, field: CepAddressField): string {
  const value = address[field].trim();
  // A state the form's select cannot show is left for the user to choose.
  return field === 'state' && !isStateCode(value) ? '' : value;
}

/**
 * Fills street, neighbourhood, city and state from the CEP once it has 8 digits (DESIGN.md: the
 * lookup "fills the form when reachable, never blocks it"). Call `onCepChange` with each new CEP
 * value; a lookup still on its way is aborted, so an older CEP's answer never lands.
 *
 * What the user typed is theirs: a field is written only when it is empty or still holds what an
 * earlier lookup put there (so correcting the CEP replaces the old CEP's street, not the user's).
 * Nothing is ever disabled and failures show nothing: the form works the same without the lookup.
 */
export function useCepAutofill({ read, write }: CepAutofillOptions) {
  const [status, setStatus] = useState<CepLookupStatus>('idle');
  const pending = useRef<AbortController | null>(null);
  const autoFilled = useRef<Partial<Record<CepAddressField, string>>>({});

  useEffect(() => () => pending.current?.abort(), []);

  function fill(address: CepAddress): boolean {
    let wrote = false;
    for (const field of FIELDS) {
      const next = valueOf(address, field);
      const current = read(field);
      const ours = current.trim() === '' || current === autoFilled.current[field];
      if (!ours || current === next) continue;
      write(field, next);
      autoFilled.current[field] = next;
      wrote = true;
    }
    return wrote;
  }

  function onCepChange(value: string): void {
    pending.current?.abort();
    pending.current = null;
    const digits = onlyDigits(value);
    if (digits.length !== CEP_LENGTH || isRepeatedDigits(digits)) {
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setStatus('loading');
    getCepAddress(digits, controller.signal).then(
      (address) => {
        if (controller.signal.aborted) return;
        pending.current = null;
        setStatus(fill(address) ? 'filled' : 'found');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        pending.current = null;
        setStatus(error instanceof ApiError && error.status === 404 ? 'not-found' : 'unavailable');
      },
    );
  }

  return { status, onCepChange };
}
