import type { ProductDto } from '@lumina/shared/catalog/product';

/** At or below this many units the page says 'Últimas N unidades' to be honest about scarcity. */
export const LOW_STOCK_THRESHOLD = 10;

export type StockTone = 'ok' | 'low' | 'out' | 'inactive';

export function stockText(
  product: Pick<ProductDto, 'active' | 'stock_quantity' | 'stock_status'>,
): { text: string; tone: StockTone } {
  if (!product.active) return { text: 'Indisponível', tone: 'inactive' };
  const units = product.stock_quantity;
  if (units <= 0 || product.stock_status === 'out_of_stock')
    return { text: 'Esgotado', tone: 'out' };
  if (units === 1) return { text: 'Última unidade', tone: 'low' };
  if (units <= LOW_STOCK_THRESHOLD) return { text: `Últimas ${units} unidades`, tone: 'low' };
  return { text: `Em estoque: ${units} unidades`, tone: 'ok' };
}
