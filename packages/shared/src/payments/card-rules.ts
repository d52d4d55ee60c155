import { formatBRL } from '../format/money.ts';
import type { InstalmentRules } from './card-instalments.ts';

/** One instalment count a card payment of an amount may take under the shop's rules. */
export interface InstalmentOption {
  installments: number;
  /** The shop's rules say this count carries no interest for the payer. */
  interestFree: boolean;
  /** Each instalment before any interest, rounded half up to a cent (display only). */
  instalmentCents: number;
  /** '3x de R$ 41,15 sem juros'; with interest the amount is the card issuer's, so only '4x com juros'. */
  text: string;
}

/**
 * The instalment counts `rules` allow for `totalCents`: 1x always, then every count up to `max`
 * whose instalment is at least `min_installment_cents`; the first `interest_free` are free.
 */
export function instalmentOptions(totalCents: number, rules: InstalmentRules): InstalmentOption[] {
  const options: InstalmentOption[] = [];
  const bySize = Math.floor(totalCents / Math.max(rules.min_installment_cents, 1));
  const most = Math.max(1, Math.min(rules.max, bySize));
  for (let count = 1; count <= most; count += 1) {
    const interestFree = count <= Math.max(1, rules.interest_free);
    const instalmentCents = Math.round(totalCents / count);
    options.push({
      installments: count,
      interestFree,
      instalmentCents,
      text: interestFree
        ? `${count}x de ${formatBRL(instalmentCents)} sem juros`
        : `${count}x com juros`,
    });
  }
  return options;
}

/** Whether a card payment of `totalCents` may take `installments` under `rules`. */
export function instalmentsAllowed(
  installments: number,
  totalCents: number,
  rules: InstalmentRules,
): boolean {
  return (
    Number.isInteger(installments) &&
    instalmentOptions(totalCents, rules).some((option) => option.installments === installments)
  );
}

/** The refusal of a count the rules do not allow, naming what they do. */
export function instalmentsRefusal(totalCents: number, rules: InstalmentRules): string {
  const most = instalmentOptions(totalCents, rules).length;
  return most === 1
    ? 'Este valor só pode ser pago à vista no cartão.'
    : `Escolha de 1 a ${most} parcelas para este valor.`;
}

/**
 * What the shopper reads for MercadoPago's status_detail of a card or boleto payment
 * (checkout-api response handling). Unknown details fall back to the status' own text.
 */
export const PAYMENT_STATUS_DETAIL_MESSAGES: Readonly<Record<string, string>> = {
  accredited: 'Pagamento aprovado.',
  pending_contingency: 'Estamos processando o pagamento. Acompanhe o status em Meus pedidos.',
  pending_review_manual: 'O pagamento está em análise. Acompanhe o status em Meus pedidos.',
  pending_waiting_payment:
    'Boleto gerado. O pedido será confirmado quando o banco avisar o pagamento.',
  pending_waiting_transfer: 'Aguardando o pagamento.',
  cc_rejected_bad_filled_card_number: 'Número do cartão inválido. Confira e tente de novo.',
  cc_rejected_bad_filled_date: 'Data de validade inválida. Confira e tente de novo.',
  cc_rejected_bad_filled_other: 'Algum dado do cartão está incorreto. Confira e tente de novo.',
  cc_rejected_bad_filled_security_code: 'Código de segurança inválido.',
  cc_rejected_blacklist:
    'Não foi possível processar o pagamento com este cartão. Use outro cartão.',
  cc_rejected_call_for_authorize: 'Ligue para o banco emissor para autorizar o pagamento.',
  cc_rejected_card_disabled:
    'O cartão está inativo. Ligue para o banco emissor para ativá-lo ou use outro cartão.',
  cc_rejected_card_error:
    'Não foi possível processar o pagamento. Tente de novo ou use outro cartão.',
  cc_rejected_duplicated_payment:
    'Você já fez um pagamento com este valor. Se precisar pagar de novo, use outro cartão ou outro meio.',
  cc_rejected_high_risk: 'O pagamento foi recusado. Use outro cartão ou pague com PIX.',
  cc_rejected_insufficient_amount: 'Saldo insuficiente no cartão.',
  cc_rejected_invalid_installments: 'O cartão não aceita esse número de parcelas.',
  cc_rejected_max_attempts:
    'Você atingiu o limite de tentativas. Use outro cartão ou pague com PIX.',
  cc_rejected_other_reason:
    'O banco emissor recusou o pagamento. Use outro cartão ou pague com PIX.',
  cc_rejected_card_type_not_allowed: 'Este tipo de cartão não é aceito. Use outro cartão.',
  cc_rejected_3ds_challenge:
    'O banco não confirmou a autenticação. Tente de novo ou use outro cartão.',
};

const STATUS_MESSAGES: Readonly<Record<string, string>> = {
  approved: 'Pagamento aprovado.',
  pending: 'Aguardando o pagamento.',
  in_process: 'O pagamento está em análise.',
  rejected: 'O pagamento foi recusado. Tente de novo ou use outro meio.',
  cancelled: 'O pagamento foi cancelado.',
  refunded: 'O pagamento foi estornado.',
};

/** The pt-BR message for a payment's status and status_detail, as MercadoPago names them. */
export function paymentStatusMessage(status: string, statusDetail: string | null): string {
  return (
    (statusDetail ? PAYMENT_STATUS_DETAIL_MESSAGES[statusDetail] : undefined) ??
    STATUS_MESSAGES[status] ??
    'Aguardando o pagamento.'
  );
}
