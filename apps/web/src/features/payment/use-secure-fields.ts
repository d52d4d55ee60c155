import type { CardPaymentMethod } from '@lumina/shared/payments/card-instalments';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  loadMercadoPago,
  type MercadoPagoInstance,
  type PayerCost,
  type SecureField,
  type SecureFieldType,
} from './mercadopago-sdk.ts';
import { amountText } from './card-instalment-choices.ts';

/** The containers the secure fields' iframes are mounted in. */
export const SECURE_FIELD_IDS: Record<SecureFieldType, string> = {
  cardNumber: 'cartao-numero',
  expirationDate: 'cartao-validade',
  securityCode: 'cartao-cvv',
};

const PLACEHOLDERS: Record<SecureFieldType, string> = {
  cardNumber: '0000 0000 0000 0000',
  expirationDate: 'MM/AA',
  securityCode: '123',
};

/** What the card's BIN told: its brand (payment_method_id), issuer and instalment plan. */
export interface CardBrand {
  bin: string;
  paymentMethodId: string | null;
  issuerId: string | null;
  plan: PayerCost[] | null;
}

export type SecureFieldsStatus = 'loading' | 'ready' | 'failed';

/**
 * MercadoPago.js for the card form: loads the SDK, mounts the number, expiry and CVV fields in
 * their containers (unmounted when the form goes), follows each field's validity and, for each
 * BIN, asks the brand and the issuer's instalment plan for the order's amount.
 */
export function useSecureFields(card: CardPaymentMethod, totalCents: number) {
  const [status, setStatus] = useState<SecureFieldsStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const [brand, setBrand] = useState<CardBrand | null>(null);
  const [valid, setValid] = useState<Record<SecureFieldType, boolean>>({
    cardNumber: false,
    expirationDate: false,
    securityCode: false,
  });
  const [focused, setFocused] = useState<SecureFieldType | null>(null);
  const mp = useRef<MercadoPagoInstance | null>(null);
  const fields = useRef<Partial<Record<SecureFieldType, SecureField>>>({});

  useEffect(() => {
    let live = true;
    // The answer for the BIN typed last: an earlier, slower one is dropped.
    let currentBin: string | null = null;
    loadMercadoPago(card.sdk_url)
      .then((MercadoPago) => {
        if (!live) return;
        const instance = new MercadoPago(card.public_key, { locale: 'pt-BR' });
        mp.current = instance;
        for (const type of Object.keys(SECURE_FIELD_IDS) as SecureFieldType[]) {
          const field = instance.fields
            .create(type, { placeholder: PLACEHOLDERS[type] })
            .mount(SECURE_FIELD_IDS[type]);
          field.on('validityChange', (event) => {
            setValid((now) => ({ ...now, [type]: (event.errorMessages ?? []).length === 0 }));
          });
          field.on('focus', () => setFocused(type));
          field.on('blur', () => setFocused((now) => (now === type ? null : now)));
          fields.current[type] = field;
        }
        fields.current.cardNumber?.on('binChange', ({ bin }) => {
          currentBin = bin ?? null;
          if (!bin) {
            setBrand(null);
            return;
          }
          setBrand({ bin, paymentMethodId: null, issuerId: null, plan: null });
          const methods = instance.getPaymentMethods({ bin });
          const plans = instance.getInstallments({ amount: amountText(totalCents), bin });
          void Promise.allSettled([methods, plans]).then(([method, plan]) => {
            if (!live || currentBin !== bin) return;
            const found = method.status === 'fulfilled' ? method.value.results[0] : undefined;
            const issuerPlan = plan.status === 'fulfilled' ? plan.value[0] : undefined;
            const issuer = issuerPlan?.issuer?.id ?? found?.issuer?.id;
            setBrand({
              bin,
              paymentMethodId: found?.id ?? issuerPlan?.payment_method_id ?? null,
              issuerId: issuer === undefined ? null : String(issuer),
              plan: issuerPlan?.payer_costs ?? null,
            });
          });
        });
        setStatus('ready');
      })
      .catch(() => {
        if (live) setStatus('failed');
      });
    const mounted = fields;
    return () => {
      live = false;
      for (const field of Object.values(mounted.current)) field?.unmount();
      mounted.current = {};
      mp.current = null;
    };
  }, [card.sdk_url, card.public_key, totalCents, attempt]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  return { status, brand, valid, focused, mercadoPago: mp, retry };
}
