/**
 * The shipping calculators' pt-BR messages (spec 000 §8, 001 §8), apart from the zod schemas so
 * that the web app's product and cart pages can show them without loading zod.
 */
export const SHIPPING_MESSAGES = {
  /** Checked by the caller, which knows the cart. */
  emptyCart: 'Adicione itens ao carrinho para calcular o frete',
  loginRequired: 'Você precisa estar logado para calcular o frete',
  notAvailableForCep: 'Não foi possível calcular o frete para este CEP',
  checkoutFailed: 'Erro ao calcular frete. Tente novamente.',
  failed: 'Erro ao calcular frete',
  noOption: 'Nenhuma opção de frete encontrada',
  /** Not in the spec: a method other than pac or sedex. */
  unknownMethod: 'Modalidade de frete inválida. Escolha PAC ou SEDEX.',
} as const;
