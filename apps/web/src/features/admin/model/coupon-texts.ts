import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';

/**
 * The owner's coupon screens' own words, beside the shared COUPON_MESSAGES (which the API also
 * answers with): these are read only in the panel.
 */
export const COUPON_ADMIN_TEXTS = {
  couponSaved: COUPON_MESSAGES.saved,
  promotionSaved: 'Promoção salva',
  paused: (label: string) => `${label} pausado`,
  activated: (label: string) => `${label} ativado`,
  deleted: (label: string) => `${label} excluído`,
  pickScope: 'Escolha ao menos uma categoria ou um produto',
  pickMethod: COUPON_MESSAGES.shippingMethods,
  pickState: 'Escolha ao menos um estado, ou marque todo o Brasil',
  previewMissing: 'Informe o valor do desconto para ver as condições.',
  noCoupons: 'Nenhum cupom criado.',
  noPromotions: 'Nenhuma promoção automática criada.',
  fixErrors: 'Corrija os campos marcados.',
} as const;
