/**
 * The web's own words around a coupon: the server's refusals come with their reasons
 * (COUPON_MESSAGES), these say what the page does, or that the server could not be reached.
 */
export const COUPON_TEXTS = {
  fieldLabel: 'Cupom de desconto',
  apply: 'Aplicar',
  applying: 'Aplicando...',
  remove: 'Remover',
  applyFailed: 'Não foi possível aplicar o cupom. Tente novamente.',
  removeFailed: 'Não foi possível remover o cupom. Tente novamente.',
  /** The shopper followed a link with ?cupom=CODE. */
  linkApplied: (code: string) => `Cupom ${code} aplicado ao seu carrinho`,
  linkRefused: (code: string, reason: string) => `Cupom ${code}: ${reason}`,
} as const;
