import { STOCK_FALLBACK } from '../constants/storefront-constants.ts';

export const CART_MESSAGES = {
  addFailed: 'Erro ao adicionar item ao carrinho',
  removeFailed: 'Erro ao remover item',
  updateFailed: 'Erro ao atualizar item',
  clearFailed: 'Erro ao limpar carrinho',
  itemNotFound: 'Item não encontrado no carrinho',
  addGeneric: 'Não foi possível adicionar o produto. Tente novamente em alguns instantes.',
} as const;

/** The add-to-cart result modal's three variants (spec 000 §2). */
export const ADD_TO_CART_RESULT_TITLES = {
  success: 'Produto Adicionado!',
  insufficientStock: 'Estoque Insuficiente',
  error: 'Ops! Algo deu errado',
} as const;
export const ADJUST_QUANTITY_LABEL = 'Ajustar Quantidade';

/** The local cart's refusal when asked for more than the stock (spec 000 §5). */
export function stockExceededMessage(requested: number, available: number): string {
  return `Quantidade solicitada (${requested}) excede o estoque disponível (${available} unidades)`;
}

/**
 * The product page's quantity: a whole number between 1 and the stock. A missing stock figure
 * uses the cart's fallback; with no stock at all the page shows 1 and the buy button is disabled.
 */
export function clampQuantity(value: number, stock: number | null | undefined): number {
  const max = Math.max(1, Math.floor(stock ?? STOCK_FALLBACK));
  const whole = Number.isFinite(value) ? Math.floor(value) : 1;
  return Math.min(max, Math.max(1, whole));
}
