/**
 * The label side's pt-BR texts that the shared fulfilment texts do not hold: answers only the
 * API gives (the panel shows them as they come).
 */
export const LABEL_TEXTS = {
  noLabel: 'Este pedido não tem etiqueta.',
  alreadyShipped:
    'Este pedido já foi enviado: a etiqueta é gerada para pedidos pagos que ainda não saíram.',
  buying: 'A etiqueta deste pedido está sendo comprada agora. Tente de novo em alguns instantes.',
  notPrintable: (orderNumbers: string) =>
    `Só etiquetas prontas podem ser impressas. Ainda sem etiqueta pronta: ${orderNumbers}.`,
  senderIncomplete:
    'Preencha os dados da loja no painel, em Loja (nome, CNPJ ou CPF e endereço completo), para gerar etiquetas.',
  recipientDocumentMissing:
    'Este pedido não tem o CPF do cliente, que o Melhor Envio exige na etiqueta. Gere a etiqueta no site do Melhor Envio e informe o código de rastreio no pedido.',
  notConfigured:
    'O Melhor Envio não está configurado: defina MELHOR_ENVIO_CLIENT_ID e MELHOR_ENVIO_CLIENT_SECRET.',
  badState: 'A autorização do Melhor Envio expirou ou não vale mais. Tente conectar de novo.',
  badSignature: 'Assinatura do Melhor Envio inválida',
  badEvent: 'Evento do Melhor Envio inválido',
  /** Sent to Melhor Envio with a cancellation (its panel shows it). */
  cancelDescription: 'Cancelada pela loja',
  orderIds: 'Escolha de 1 a 50 pedidos.',
} as const;
