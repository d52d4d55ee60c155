import { formatBRL } from '@lumina/shared/format/money';
import type { InstalmentRules } from '@lumina/shared/payments/card-instalments';
import { instalmentOptions } from '@lumina/shared/payments/card-rules';
import type { PayerCost } from './mercadopago-sdk.ts';

/** One line of the card form's instalment select. */
export interface InstalmentChoice {
  installments: number;
  label: string;
}

const toCents = (reais: number) => Math.round(reais * 100);

/**
 * The counts the shop's rules allow for `totalCents`: the interest-free ones as the rules say
 * them ('3x de R$ 41,15 sem juros'); beyond those, only counts the card issuer's plan for the
 * card's BIN has (MercadoPago's payer_costs), with its instalment and the total with interest.
 * Before the card number is typed (`plan` null) only the interest-free counts are listed.
 */
export function instalmentChoices(
  totalCents: number,
  rules: InstalmentRules,
  plan: readonly PayerCost[] | null,
): InstalmentChoice[] {
  const choices: InstalmentChoice[] = [];
  for (const option of instalmentOptions(totalCents, rules)) {
    if (option.interestFree) {
      choices.push({
        installments: option.installments,
        label: option.installments === 1 ? `1x de ${formatBRL(totalCents)} à vista` : option.text,
      });
      continue;
    }
    const cost = plan?.find((payerCost) => payerCost.installments === option.installments);
    if (!cost) continue;
    choices.push({
      installments: option.installments,
      label: `${option.installments}x de ${formatBRL(toCents(cost.installment_amount))} com juros (total ${formatBRL(toCents(cost.total_amount))})`,
    });
  }
  return choices;
}

/** MercadoPago takes the amount in reais as text: 43900 -> '439.00'. */
export function amountText(totalCents: number): string {
  return (totalCents / 100).toFixed(2);
}
