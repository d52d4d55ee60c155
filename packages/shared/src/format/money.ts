/**
 * Money is integer cents everywhere (DESIGN.md); these turn cents into what people and the API
 * shapes read.
 */

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) {
    throw new TypeError(`Money must be a whole number of cents, got ${cents}`);
  }
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * 123456 -> 'R$ 1.234,56' with a plain space. Built by hand rather than with Intl so the output is
 * exact for any integer and never carries the no-break space (U+00A0) Intl puts after 'R$'.
 */
export function formatBRL(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const reais = groupThousands(String(Math.trunc(absolute / 100)));
  const centavos = String(absolute % 100).padStart(2, '0');
  return `${sign}R$ ${reais},${centavos}`;
}

/** 123456 -> 1234.56: reais with two decimals, for the API shapes that expect them. */
export function centsToReais(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/**
 * Reais as a number or a numeric string ('12.5', '1234,56', 'R$ 1.234,56') -> cents, or
 * undefined when the value is not a price. Imported data (ERP, admin form) sends either.
 */
export function reaisToCents(value: number | string): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? Math.round(value * 100) : undefined;
  }
  let text = value.replace(/R\$|\s/g, '');
  // With a comma the text is pt-BR: dots group thousands and the comma is the decimal mark.
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}
