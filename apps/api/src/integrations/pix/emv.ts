/**
 * EMV merchant-presented QR as the Banco Central's BR Code uses it (REFERENCE.md, PIX BR Code):
 * every field is a 2-digit ID, a 2-digit length and the value, so a value holds at most 99
 * characters.
 */
export const FIELD = {
  payloadFormat: '00',
  initiationMethod: '01',
  merchantAccount: '26',
  categoryCode: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  additionalData: '62',
  crc: '63',
} as const;

/** Subfields of 26, merchant account information. */
export const ACCOUNT_FIELD = { gui: '00', key: '01', description: '02' } as const;

/** Subfields of 62, additional data. */
export const ADDITIONAL_FIELD = { txid: '05' } as const;

export const PIX_GUI = 'br.gov.bcb.pix';
export const MAX_FIELD_LENGTH = 99;

/** A PIX configuration or payload the encoder cannot turn into a valid BR Code. */
export class PixBrCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PixBrCodeError';
  }
}

/** One ID-length-value field. Values are ASCII by the time they get here, so length = bytes. */
export function tlv(id: string, value: string): string {
  if (value.length > MAX_FIELD_LENGTH) {
    throw new PixBrCodeError(
      `PIX BR Code field ${id} has ${value.length} characters; the limit is ${MAX_FIELD_LENGTH}`,
    );
  }
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Splits a run of fields into an ID -> value record, refusing truncated or repeated fields. */
export function parseTlv(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) {
      throw new PixBrCodeError(`PIX BR Code: malformed field header at position ${at}`);
    }
    const end = at + 4 + Number(lengthText);
    if (end > text.length) throw new PixBrCodeError(`PIX BR Code: field ${id} is truncated`);
    if (id in fields) throw new PixBrCodeError(`PIX BR Code: field ${id} appears twice`);
    fields[id] = text.slice(at + 4, end);
    at = end;
  }
  return fields;
}
