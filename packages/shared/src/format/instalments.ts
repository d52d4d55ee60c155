import { INTEREST_FREE_INSTALMENTS } from '../constants/storefront-constants.ts';
import { instalmentCents } from '../catalog/pricing.ts';
import { formatBRL } from './money.ts';

/** '3x de R$ 41,15 sem juros' (product page, card). */
export function formatInstalments(
  totalCents: number,
  count: number = INTEREST_FREE_INSTALMENTS,
): string {
  return `${count}x de ${formatBRL(instalmentCents(totalCents, count))} sem juros`;
}
