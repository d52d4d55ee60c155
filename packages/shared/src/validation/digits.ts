/** Keeps only the ASCII digits of a value typed with or without a mask. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** True for '0000', '11111111'...: such numbers pass length checks but are never real. */
export function isRepeatedDigits(digits: string): boolean {
  return digits.length > 0 && /^(\d)\1*$/.test(digits);
}
