/**
 * The wishlist's pt-BR messages (spec 000 §8), apart from the zod schemas so that the web app's
 * wishlist code can show them without loading zod.
 */
export const WISHLIST_MESSAGES = {
  duplicate: 'Produto já está na lista de desejos',
  addFailed: 'Erro ao adicionar à lista de desejos',
  removeFailed: 'Erro ao remover da lista de desejos',
  notFound: 'Item não encontrado na lista de desejos',
} as const;
