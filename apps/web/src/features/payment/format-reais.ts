import { formatBRL, reaisToCents } from '@lumina/shared/format/money';

/** The payment calls send reais (12.5); the page shows 'R$ 12,50'. */
export function formatReais(reais: number): string {
  return formatBRL(reaisToCents(reais) ?? 0);
}
