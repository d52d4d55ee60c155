/**
 * The NF-e's 44-digit access key (chave de acesso), as the Manual de Orientação do Contribuinte
 * lays it out: cUF (2) + AAMM of issue (4) + issuer's CNPJ (14) + model (2) + series (3) +
 * number (9) + tpEmis (1) + cNF (8) + check digit (1). The fake Bling issues keys with it, and a
 * key read back can be checked the way SEFAZ checks it.
 */
export interface NfeAccessKeyParts {
  /** IBGE code of the issuer's state (35 = SP). */
  stateCode: number;
  issuedAt: Date;
  /** 14 digits. */
  cnpj: string;
  /** 55 = NF-e, 65 = NFC-e. */
  model: number;
  series: number;
  number: number;
  /** 1 = normal issue. */
  emissionType: number;
  /** The issuer's random code (cNF), up to 8 digits. */
  randomCode: number;
}

/**
 * Modulo 11 over the first 43 digits, weights 2 to 9 from the right and back to 2; a remainder
 * of 0 or 1 gives 0 (MOC §2.2.6.2; its worked example sums to 644 and gives 5).
 */
export function nfeCheckDigit(first43: string): number {
  if (!/^\d{43}$/.test(first43)) throw new Error('A chave sem o dígito tem 43 algarismos');
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i -= 1) {
    sum += Number(first43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function field(value: number, width: number, name: string): string {
  const text = String(value);
  if (!Number.isInteger(value) || value < 0 || text.length > width) {
    throw new Error(`${name} não cabe em ${width} algarismos: ${value}`);
  }
  return text.padStart(width, '0');
}

/** AAMM in Brasília time (UTC−3 all year since 2019), as SEFAZ reads the issue date. */
function yearMonth(date: Date): string {
  const brasilia = new Date(date.getTime() - 3 * 3_600_000);
  const year = String(brasilia.getUTCFullYear() % 100).padStart(2, '0');
  return `${year}${String(brasilia.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function buildNfeAccessKey(parts: NfeAccessKeyParts): string {
  if (!/^\d{14}$/.test(parts.cnpj)) throw new Error('O CNPJ da chave tem 14 algarismos');
  const first43 = [
    field(parts.stateCode, 2, 'cUF'),
    yearMonth(parts.issuedAt),
    parts.cnpj,
    field(parts.model, 2, 'mod'),
    field(parts.series, 3, 'serie'),
    field(parts.number, 9, 'nNF'),
    field(parts.emissionType, 1, 'tpEmis'),
    field(parts.randomCode, 8, 'cNF'),
  ].join('');
  return `${first43}${nfeCheckDigit(first43)}`;
}

export function isValidNfeAccessKey(key: string): boolean {
  return /^\d{44}$/.test(key) && nfeCheckDigit(key.slice(0, 43)) === Number(key[43]);
}
