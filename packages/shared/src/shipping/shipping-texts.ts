import type { ShippingMethod } from '../constants/storefront-constants.ts';
import { formatBusinessDays } from '../format/business-days.ts';
import { formatBRL } from '../format/money.ts';

/** The names the Correios give their services, as the spec's option shows them. */
export const SHIPPING_METHOD_NAMES = { pac: 'PAC', sedex: 'SEDEX' } as const satisfies Record<
  ShippingMethod,
  string
>;

/** Not in the spec ("not shown"): the option's description under its name. */
export const SHIPPING_DESCRIPTIONS = {
  pac: 'Entrega econômica pelos Correios',
  sedex: 'Entrega expressa pelos Correios',
} as const;

/** The free PAC option's description, from the store settings' threshold. */
export function freePacDescription(thresholdCents: number): string {
  return `Frete grátis pelos Correios (PAC) em compras a partir de ${formatBRL(thresholdCents)}`;
}

/** 8 -> 'até 8 dias úteis'; 1 -> 'até 1 dia útil'. */
export function deliveryDeadlineText(businessDays: number): string {
  return `até ${formatBusinessDays(businessDays)}`;
}

/** 8 -> 'Entrega em até 8 dias úteis'; 1 -> 'Entrega em até 1 dia útil'. */
export function estimatedDeliveryText(businessDays: number): string {
  return `Entrega em ${deliveryDeadlineText(businessDays)}`;
}

/** A shipping cost as the pages and e-mails say it: free PAC reads 'Grátis', never R$ 0,00. */
export function shippingCostText(costCents: number): string {
  return costCents === 0 ? 'Grátis' : formatBRL(costCents);
}
