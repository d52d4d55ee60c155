/** What the card and boleto payment step says (pt-BR). */
export const PAYMENT_STEP_TEXTS = {
  cardTitle: 'Pagamento com cartão',
  boletoTitle: 'Pagamento com boleto',
  cardUnavailable: 'Pagamento com cartão indisponível',
  boletoUnavailable: 'Pagamento com boleto indisponível',
  sdkLoading: 'Carregando o formulário seguro do MercadoPago...',
  sdkFailed:
    'Não foi possível carregar o formulário do cartão. Confira sua conexão e tente de novo.',
  secureNote:
    'Os dados do cartão são digitados no formulário seguro do MercadoPago e não passam pela loja.',
  holder: 'Nome do titular (como está no cartão)',
  holderRequired: 'Informe o nome como está no cartão.',
  cardNumber: 'Número do cartão',
  cardNumberInvalid: 'Confira o número do cartão.',
  expiry: 'Validade (MM/AA)',
  expiryInvalid: 'Confira a validade do cartão.',
  cvv: 'Código de segurança (CVV)',
  cvvInvalid: 'Confira o código de segurança.',
  cpf: 'CPF do titular',
  instalments: 'Parcelas',
  instalmentsHint: 'Digite o número do cartão para ver as parcelas com juros do seu banco.',
  pay: 'Pagar',
  paying: 'Processando pagamento...',
  tokenFailed: 'Não foi possível validar os dados do cartão. Confira-os e tente de novo.',
  payFailed: 'Não foi possível concluir o pagamento agora. Nada foi cobrado; tente de novo.',
  approved: 'Pagamento aprovado',
  inReview: 'Pagamento em análise',
  inReviewText:
    'O MercadoPago está analisando o pagamento, o que pode levar até 2 dias úteis. Você não precisa fazer nada: o status do pedido é atualizado sozinho em Meus pedidos.',
  followOrder: 'Acompanhar o pedido',
  rejected: 'Pagamento recusado',
  rejectedText: 'Nada foi cobrado. O pedido continua reservado para você pagar de outro jeito.',
  tryAnotherCard: 'Tentar com outro cartão',
  payWithPix: 'Pagar com PIX',
  boletoLoading: 'Gerando boleto...',
  boletoReady: 'Boleto gerado',
  boletoFailed: 'Não foi possível gerar o boleto agora.',
  digitableLine: 'Linha digitável',
  copyLine: 'Copiar linha digitável',
  lineCopied: 'Linha digitável copiada!',
  copyFailed: 'Não foi possível copiar. Selecione a linha e copie manualmente.',
  openPdf: 'Abrir boleto (PDF)',
  dueDate: 'Vencimento',
  boletoWaiting: 'Aguardando o pagamento do boleto',
  checkNow: 'Já paguei: verificar agora',
  boletoPaid: 'Pagamento do boleto confirmado.',
  tryAgain: 'Tentar de novo',
} as const;

/** '2026-11-30' -> '30/11/2026' (a boleto's due date is a calendar day, no time zone). */
export function dueDateText(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/**
 * A boleto's 47 digits as banks print them: '23790.00000 00000.000000 ...'; any other length is
 * shown as it came.
 */
export function digitableLineText(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}
