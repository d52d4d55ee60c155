import type { AdminCustomerRow } from '@lumina/shared/admin/customers';
import { formatBRL } from '@lumina/shared/format/money';
import { formatCpf } from '@lumina/shared/validation/cpf';
import { formatPhone } from '@lumina/shared/validation/phone';

/** 'R$ 1.234,50' from the reais the API answers. */
export function formatReais(reais: number): string {
  return formatBRL(Math.round(reais * 100));
}

/** The CPF as the role reads it: 11 digits masked for reading, a manager's masked one as is. */
export function cpfText(cpf: string): string {
  return /^\d{11}$/.test(cpf) ? formatCpf(cpf) : cpf;
}

/** 'Tel. (11) 98765-4321 · CPF ***.456.789-**': what the role may read, '' when nothing. */
export function identityLine(customer: Pick<AdminCustomerRow, 'phone' | 'cpf'>): string {
  return [
    customer.phone ? `Tel. ${formatPhone(customer.phone)}` : '',
    customer.cpf ? `CPF ${cpfText(customer.cpf)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
