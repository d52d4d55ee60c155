/** What the order calls answer when they refuse (pt-BR, shown as is by the web). */
export const MAX_UNPAID_ORDERS = 3;

export const ORDER_MESSAGES = {
  notFound: 'Pedido não encontrado',
  cartChanged:
    'Seu carrinho mudou enquanto o pedido era criado. Revise o carrinho e tente novamente.',
  idempotencyKey: 'Idempotency-Key inválida',
  shippingMethod: 'Forma de envio inválida. Escolha PAC ou SEDEX.',
  unavailable: (name: string) =>
    `O produto "${name}" não está mais disponível. Remova-o do carrinho para continuar.`,
  insufficientStock: (name: string, available: number) =>
    `Estoque insuficiente para "${name}": ${available === 1 ? 'resta 1 unidade' : `restam ${available} unidades`}.`,
  /** A customer may hold at most MAX_UNPAID_ORDERS unpaid orders (no stock held hostage). */
  tooManyUnpaid: `Você já tem ${MAX_UNPAID_ORDERS} pedidos aguardando pagamento. Pague um deles em Meus Pedidos ou aguarde o cancelamento automático (30 minutos) antes de fazer um novo pedido.`,
} as const;
