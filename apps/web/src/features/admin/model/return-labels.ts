import type { AdminReturnJson } from '@lumina/shared/returns/return-schemas';

export type ReturnAction = AdminReturnJson['available_actions'][number];

/** The queue's word on the shop's deadline to answer: late, days left, or nothing once answered. */
export function answerDeadlineText(
  request: Pick<AdminReturnJson, 'days_left' | 'overdue'>,
): string | null {
  if (request.overdue) return 'Atrasada';
  if (request.days_left === null) return null;
  if (request.days_left <= 0) return 'Responder hoje';
  return request.days_left === 1
    ? '1 dia para responder'
    : `${request.days_left} dias para responder`;
}

export function returnActionLabel(
  action: ReturnAction,
  request: Pick<AdminReturnJson, 'status'>,
): string {
  switch (action) {
    case 'instructions':
      return request.status === 'instructions_sent' ? 'Reenviar instruções' : 'Enviar instruções';
    case 'receive':
      return 'Marcar como recebido';
    case 'refund':
      return 'Reembolsar';
    case 'reject':
      return 'Recusar';
    case 'ship_exchange':
      return 'Enviar troca';
  }
}

/** Reais typed the Brazilian way ('59,90', '1.234,5') or with a point; NaN when unreadable. */
export function parseReais(text: string): number {
  const clean = text.replace(/[R$\s]/g, '');
  const normalised = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean;
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** 59.9 as the field shows it: '59,90'. */
export function reaisField(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

/** A PIX end-to-end id shaped the way the Banco Central defines it, for the field's hint. */
export const E2E_HINT =
  'O identificador da devolução PIX (E2E) que o banco mostrou: 32 caracteres, E ou D, o ISPB do banco (8 dígitos), data e hora (AAAAMMDDHHMM) e 11 letras ou números.';
