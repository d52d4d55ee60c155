import { formatBRL } from '../format/money.ts';
import { formatDateTime } from '../format/dates.ts';

/** What a shopper reads when a coupon does not apply, and what the owner reads on a bad form. */
export const COUPON_MESSAGES = {
  invalid: 'Cupom inválido',
  expired: 'Cupom expirado',
  exhausted: 'Cupom esgotado',
  minOrder: (cents: number) => `Pedido mínimo de ${formatBRL(cents)} para este cupom`,
  firstPurchase: 'Válido apenas na primeira compra',
  alreadyUsed: 'Você já usou este cupom',
  notStarted: (startsAt: Date) => `Este cupom vale a partir de ${formatDateTime(startsAt)}`,
  noEligibleItems: 'Nenhum produto do carrinho participa deste cupom',
  codeRequired: 'Informe o código do cupom',
  /** The cart changed and its coupon stopped applying: said once, then the coupon is dropped. */
  dropped: (code: string, reason: string) => `O cupom ${code} foi removido: ${reason}`,
  pixBetter: 'No PIX, o desconto do PIX já é maior que o deste cupom',
  removed: 'Cupom removido',
  /** A shipping quote's text when a coupon or an automatic promotion waives its cost. */
  freeShippingByCoupon: (code: string) => `Frete grátis com o cupom ${code}`,
  freeShippingByPromotion: (name: string) => `Frete grátis: ${name}`,
  /** An order's e-mail: the lines that say what was taken off. */
  mailCouponLine: (code: string) => `Desconto (${code})`,
  mailDiscountValue: (cents: number) => `- ${formatBRL(cents)}`,
  mailPromotionLine: 'Promoção',
  mailFreeShipping: (waivedCents: number) => `Grátis (economia de ${formatBRL(waivedCents)})`,
  // The owner's form.
  code: 'Use de 3 a 30 letras, números, - ou _ no código',
  codeTaken: 'Já existe um cupom com este código',
  name: 'Dê um nome de até 80 caracteres à promoção',
  kind: 'Escolha o tipo de desconto',
  percent: 'Informe um percentual maior que 0 e até 100, com até 2 casas decimais',
  fixed: 'Informe um valor em reais maior que 0, com até 2 casas decimais',
  fixedOverMinOrder: 'O desconto não pode ser maior que o pedido mínimo',
  money: 'Valor inválido (use reais com até 2 casas decimais, até R$ 100.000,00)',
  maxDiscountPercentOnly: 'O desconto máximo vale só para cupons de percentual',
  dateTime: 'Data e hora inválidas',
  endBeforeStart: 'O fim deve ser depois do início',
  usageLimit: 'Informe um número inteiro de 1 a 1.000.000',
  perCustomerLimit: 'Informe um número inteiro de 1 a 1.000',
  category: 'Categoria inválida',
  productIds: 'Produtos inválidos',
  shippingMethods: 'Escolha PAC, SEDEX ou ambos',
  states: 'Estado inválido',
  automaticKind: 'Promoções automáticas são de percentual ou de frete grátis',
  automaticOnly: 'Vale só para cupons com código',
  notFound: 'Cupom não encontrado',
  usedCannotDelete: 'Este cupom já foi usado em pedidos: pause-o para que não valha mais',
  saved: 'Cupom salvo',
} as const;
