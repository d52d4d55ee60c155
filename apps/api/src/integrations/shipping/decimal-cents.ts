/**
 * A carrier's price text -> integer cents, digit by digit (no floating point): '19,92' with
 * a decimal comma (Correios, which may also group thousands with dots: '1.234,56'), '19.92'
 * with a decimal point (Melhor Envio). Undefined when the text is not such a price.
 */
export function decimalTextToCents(text: string, decimalMark: ',' | '.'): number | undefined {
  const trimmed = text.trim();
  const pattern =
    decimalMark === ','
      ? /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/
      : /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
  const match = pattern.exec(trimmed);
  if (!match) return undefined;
  const whole = match[1]!.replace(/[.,]/g, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : undefined;
}
