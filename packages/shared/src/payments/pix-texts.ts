/** PIX page and result page texts (spec 001 §2, §4, §8). */
export const PIX_PAGE_TEXTS = {
  expired: 'Tempo para pagamento PIX expirado',
  missingOrderId: 'ID do pedido não encontrado.',
  loadFailed: 'Erro ao carregar dados do pagamento PIX',
  verifyNow: 'Verificar Agora',
  verifyAllPix: 'Verificar Todos os PIX',
} as const;

export const PAYMENT_ERRORS = {
  createMercadoPago: 'Erro ao criar pagamento MercadoPago',
  createPix: 'Erro ao criar pagamento PIX',
  missingToken: 'Token de autenticação não encontrado',
  invalidResponse: 'Resposta do pagamento inválida',
  missingPixData: 'Dados do PIX não encontrados na resposta',
  orderStatusFailed: 'Erro ao consultar status do pedido',
  paymentStatusFailed: 'Erro ao verificar status do pagamento',
  orderInfoUnavailable: 'Não foi possível carregar as informações do pedido.',
  orderInfoFailed: 'Erro ao carregar informações do pedido.',
  missingTicket: 'Link do boleto não disponível para este pedido.',
  verifyPixFailed: 'Erro ao verificar PIX',
  verifyPixDone: 'Verificação de PIX realizada com sucesso!',
} as const;

/** Reasons listed on /payment-failure. */
export const PAYMENT_FAILURE_REASONS = [
  'Dados do cartão incorretos',
  'Saldo insuficiente',
  'Cartão bloqueado',
  'Limite excedido',
] as const;
