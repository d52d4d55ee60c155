import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type {
  CardToken,
  InstallmentPlan,
  MercadoPagoInstance,
  SecureField,
  SecureFieldEvents,
  SecureFieldType,
} from '../mercadopago-sdk.ts';

type Listener = (data: unknown) => void;

interface FakeField extends SecureField {
  type: SecureFieldType;
  container: string | null;
  unmounted: boolean;
  listeners: Record<string, Listener[] | undefined>;
}

/** MercadoPago's plan for R$ 109,90 on the test card: interest from 4x, as the fake server's. */
export function testPlan(amount: number): InstallmentPlan[] {
  return [
    {
      payment_method_id: 'master',
      issuer: { id: '24', name: 'master' },
      payer_costs: Array.from({ length: 12 }, (_, index) => {
        const installments = index + 1;
        const rate = installments < 4 ? 0 : 1.99 * installments;
        const total = Math.round(amount * (1 + rate / 100) * 100) / 100;
        return {
          installments,
          installment_rate: rate,
          installment_amount: Math.round((total / installments) * 100) / 100,
          total_amount: total,
        };
      }),
    },
  ];
}

/**
 * A stand-in for MercadoPago.js (the outside SDK, not the shop's code) on window.MercadoPago:
 * it records what the form mounts and asks, and the test plays the shopper typing in the secure
 * fields (`typeCard`). Undo with vi.unstubAllGlobals().
 */
export function installFakeMercadoPago() {
  const fields: FakeField[] = [];
  const instances: { publicKey: string; options: unknown }[] = [];
  const tokenRequests: unknown[] = [];
  const sdk = {
    fields,
    instances,
    tokenRequests,
    /** How createCardToken answers; a test swaps it to hold or fail it. */
    token: (): Promise<CardToken> =>
      Promise.resolve({ id: `tok-${tokenRequests.length}`, last_four_digits: '6351' }),
    /** The fields mounted now (the current form's). */
    live: () => fields.filter((field) => !field.unmounted && field.container !== null),
    emit<E extends keyof SecureFieldEvents>(
      type: SecureFieldType,
      event: E,
      data: SecureFieldEvents[E],
    ) {
      const field = sdk.live().find((candidate) => candidate.type === type);
      if (!field) throw new Error(`no ${type} field mounted`);
      act(() => {
        for (const listener of field.listeners[event] ?? []) listener(data);
      });
    },
    /** The shopper types a valid test Mastercard: every field valid, its BIN told. */
    typeCard(bin = '50314332') {
      for (const type of ['cardNumber', 'expirationDate', 'securityCode'] as const) {
        sdk.emit(type, 'validityChange', { field: type, errorMessages: [] });
      }
      sdk.emit('cardNumber', 'binChange', { bin });
    },
  };

  class FakeMercadoPago implements MercadoPagoInstance {
    constructor(publicKey: string, options?: unknown) {
      instances.push({ publicKey, options });
    }

    fields = {
      create(type: SecureFieldType): SecureField {
        const field: FakeField = {
          type,
          container: null,
          unmounted: false,
          listeners: {},
          mount(containerId) {
            if (!document.getElementById(containerId)) throw new Error(`no #${containerId}`);
            field.container = containerId;
            return field;
          },
          unmount() {
            field.unmounted = true;
          },
          on(event, callback) {
            (field.listeners[event] ??= []).push(callback as Listener);
            return field;
          },
        };
        fields.push(field);
        return field;
      },
      createCardToken(data: unknown): Promise<CardToken> {
        tokenRequests.push(data);
        return sdk.token();
      },
    };

    getPaymentMethods() {
      return Promise.resolve({ results: [{ id: 'master', issuer: { id: 24 } }] });
    }

    getInstallments({ amount }: { amount: string }) {
      return Promise.resolve(testPlan(Number(amount)));
    }

    getIdentificationTypes() {
      return Promise.resolve([{ id: 'CPF', name: 'CPF' }]);
    }
  }

  vi.stubGlobal('MercadoPago', FakeMercadoPago);
  return sdk;
}
