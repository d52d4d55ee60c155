/**
 * MercadoPago.js v2, as much of it as the card form uses (REFERENCE.md, "MercadoPago cards"):
 * the secure fields keep the card's number, expiry and CVV in MercadoPago's iframes, so the shop
 * only ever sees the token (PCI SAQ A). The SDK is loaded by a script tag added at run time on
 * the payment step only; no other page's HTML names it.
 */

export type SecureFieldType = 'cardNumber' | 'expirationDate' | 'securityCode';

export interface SecureFieldEvents {
  binChange: { bin?: string | null };
  validityChange: { field: SecureFieldType; errorMessages: { message: string }[] };
  ready: unknown;
  focus: unknown;
  blur: unknown;
  change: unknown;
}

export interface SecureField {
  mount(containerId: string): SecureField;
  unmount(): void;
  on<E extends keyof SecureFieldEvents>(
    event: E,
    callback: (data: SecureFieldEvents[E]) => void,
  ): SecureField;
}

export interface CardToken {
  id: string;
  first_six_digits?: string;
  last_four_digits?: string;
}

export interface PayerCost {
  installments: number;
  installment_rate: number;
  installment_amount: number;
  total_amount: number;
  recommended_message?: string;
}

export interface InstallmentPlan {
  payment_method_id: string;
  payment_type_id?: string;
  issuer?: { id: string | number; name?: string };
  payer_costs: PayerCost[];
}

export interface CardPaymentMethodInfo {
  id: string;
  name?: string;
  payment_type_id?: string;
  issuer?: { id: string | number; name?: string };
}

export interface MercadoPagoInstance {
  fields: {
    create(type: SecureFieldType, options?: { placeholder?: string }): SecureField;
    createCardToken(data: {
      cardholderName: string;
      identificationType: string;
      identificationNumber: string;
    }): Promise<CardToken>;
  };
  getPaymentMethods(params: { bin: string }): Promise<{ results: CardPaymentMethodInfo[] }>;
  getInstallments(params: { amount: string; bin: string }): Promise<InstallmentPlan[]>;
  getIdentificationTypes(): Promise<{ id: string; name: string }[]>;
}

export type MercadoPagoConstructor = new (
  publicKey: string,
  options?: { locale?: string },
) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

const loading = new Map<string, Promise<MercadoPagoConstructor>>();

/**
 * Adds the SDK's script tag once (another call, or a second form, waits for the same load) and
 * answers its constructor; a page that already has one (a test's stand-in) is answered as it is.
 * A failed load is forgotten, so the form can offer to try again.
 */
export function loadMercadoPago(sdkUrl: string): Promise<MercadoPagoConstructor> {
  if (window.MercadoPago) return Promise.resolve(window.MercadoPago);
  const known = loading.get(sdkUrl);
  if (known) return known;
  const load = new Promise<MercadoPagoConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = sdkUrl;
    script.async = true;
    script.onload = () =>
      window.MercadoPago ? resolve(window.MercadoPago) : reject(new Error('MercadoPago.js'));
    script.onerror = () => {
      script.remove();
      reject(new Error('MercadoPago.js'));
    };
    document.head.appendChild(script);
  });
  loading.set(sdkUrl, load);
  load.catch(() => loading.delete(sdkUrl));
  return load;
}
