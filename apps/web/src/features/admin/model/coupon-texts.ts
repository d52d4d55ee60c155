import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';

/**
 * The owner's coupon screens' own words, beside the shared COUPON_MESSAGES (which the API also
 * answers with): these are read only in the panel.
 */
export const COUPON_ADMIN_TEXTS = {
  couponSaved: COUPON_MESSAGES.saved,
  promotionSaved: 'Promoção salva',
  // 'Promoção' is feminine, 'Cupom' masculine: the participle agrees with the one named.
  paused: (automatic: boolean) => (automatic ? 'Promoção pausada' : 'Cupom pausado'),
  activated: (automatic: boolean) => (automatic ? 'Promoção ativada' : 'Cupom ativado'),
  deleted: (automatic: boolean) => (automatic ? 'Promoção excluída' : 'Cupom excluído'),
  pickScope: 'Escolha ao menos uma categoria ou um produto',
  pickMethod: COUPON_MESSAGES.shippingMethods,
  pickState: 'Escolha ao menos um estado, ou marque todo o Brasil',
  previewMissing: 'Informe o valor do desconto para ver as condições.',
  noCoupons: 'Nenhum cupom criado.',
  noPromotions: 'Nenhuma promoção automática criada.',
  fixErrors: 'Corrija os campos marcados.',
} as const;
