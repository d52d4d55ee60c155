import { crc16ccitt } from './crc16.ts';
import { FIELD, PixBrCodeError, parseTlv } from './emv.ts';

export interface ParsedPixBrCode {
  /** Top-level fields by ID ("54" -> "123.45"), in payload order. */
  fields: Record<string, string>;
  /** Subfields of 26: "00" GUI, "01" key, "02" message to the payer. */
  merchantAccount: Record<string, string>;
  /** Subfields of 62: "05" txid. */
  additionalData: Record<string, string>;
  /** Whether field 63 matches the CRC of everything before its value. */
  crcValid: boolean;
}

/**
 * Reads a BR Code back into its fields, for tests and for an admin checking a code a customer
 * pasted. A wrong CRC is reported, not thrown, so the fields can still be shown; a payload whose
 * fields cannot be split, or that does not end in field 63, throws.
 */
export function parsePixBrCode(payload: string): ParsedPixBrCode {
  const fields = parseTlv(payload);
  const crc = fields[FIELD.crc];
  if (crc === undefined || !payload.endsWith(`${FIELD.crc}04${crc}`)) {
    throw new PixBrCodeError('PIX BR Code must end with field 63 (4-digit CRC)');
  }
  const merchantAccount = parseTlv(fields[FIELD.merchantAccount] ?? '');
  const additionalData = parseTlv(fields[FIELD.additionalData] ?? '');
  // Lower-case hex is read leniently (robust reading); the encoder always writes upper case.
  const crcValid = crc16ccitt(payload.slice(0, -crc.length)) === crc.toUpperCase();
  return { fields, merchantAccount, additionalData, crcValid };
}
