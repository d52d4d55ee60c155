import type { VariationDetails } from '@lumina/shared/cart/cart-schemas';

/** {size: '8mm', color: 'Dourado'} -> 'Tamanho: 8mm · Cor: Dourado'; '' without a variation. */
export function variationText(details: VariationDetails): string {
  const parts: string[] = [];
  if (details.size) parts.push(`Tamanho: ${details.size}`);
  if (details.measure) parts.push(`Medida: ${details.measure}`);
  if (details.color) parts.push(`Cor: ${details.color}`);
  return parts.join(' · ');
}
