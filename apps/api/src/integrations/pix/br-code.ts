import { crc16ccitt } from './crc16.ts';
import {
  ACCOUNT_FIELD,
  ADDITIONAL_FIELD,
  FIELD,
  MAX_FIELD_LENGTH,
  PIX_GUI,
  PixBrCodeError,
  tlv,
} from './emv.ts';
import { normalisePixKey } from './pix-key.ts';

export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;
export const TXID_MAX = 25;
/** Field 54 holds at most 13 characters: "9999999999.99". */
const AMOUNT_MAX_LENGTH = 13;
/** Written in field 62 when the code carries no txid. */
const NO_TXID = '***';

export interface PixBrCodeInput {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** null leaves field 54 out and the payer types the amount; an order always passes its total. */
  amountCents: number | null;
  /** Identifies the payment in the store's bank statement; null writes "***". */
  txid: string | null;
  /** Message to the payer (26.02); shown by most bank apps. */
  description?: string;
  /**
   * true (default) writes 01 = "12": the payer's bank is told the code is for one payment. A
   * code with a key is static even so (dynamic codes carry a PSP URL in 26.25), and the Banco
   * Central calls "12" on a static code only a hint to the payer
   * (https://github.com/bacen/pix-api/issues/139). false leaves 01 out: a reusable code.
   */
  singleUse?: boolean;
}

/**
 * Names and cities go out as printable ASCII (REFERENCE.md: strip accents): NFKD splits "ã" into
 * "a" and a combining mark, which is dropped with anything else outside ASCII; whitespace runs
 * become one space. Case is kept: the Banco Central's own example says "Fulano de Tal".
 */
export function normaliseMerchantText(text: string, max: number): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[^\s\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.slice(0, max).trimEnd();
}

/** Reais with two decimals built from the digits of the cents: 12345 -> "123.45", 5 -> "0.05". */
export function formatPixAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) {
    throw new PixBrCodeError(`PIX amount must be a positive integer of cents, got ${amountCents}`);
  }
  const digits = String(amountCents).padStart(3, '0');
  const amount = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  if (amount.length > AMOUNT_MAX_LENGTH) {
    throw new PixBrCodeError(`PIX amount ${amount} is longer than ${AMOUNT_MAX_LENGTH} characters`);
  }
  return amount;
}

function requiredText(label: string, text: string, max: number): string {
  const normalised = normaliseMerchantText(text, max);
  if (!normalised) throw new PixBrCodeError(`PIX ${label} has no printable ASCII character`);
  return normalised;
}

function checkTxid(txid: string | null): string {
  if (txid === null) return NO_TXID;
  // Static codes (ours: they carry the key) allow only 25 letters and digits (REFERENCE.md).
  if (!/^[A-Za-z0-9]+$/.test(txid) || txid.length > TXID_MAX) {
    throw new PixBrCodeError(`PIX txid must be 1 to ${TXID_MAX} letters or digits, got "${txid}"`);
  }
  return txid;
}

function merchantAccount(pixKey: string, description: string | undefined): string {
  const { key } = normalisePixKey(pixKey);
  const message = description === undefined ? '' : normaliseMerchantText(description, Infinity);
  const value =
    tlv(ACCOUNT_FIELD.gui, PIX_GUI) +
    tlv(ACCOUNT_FIELD.key, key) +
    (message ? tlv(ACCOUNT_FIELD.description, message) : '');
  // Key and message share field 26's 99 characters, so the room for the message depends on the key.
  if (value.length > MAX_FIELD_LENGTH) {
    const room = MAX_FIELD_LENGTH - (value.length - message.length);
    throw new PixBrCodeError(`PIX description too long for this key: at most ${room} characters`);
  }
  return tlv(FIELD.merchantAccount, value);
}

/** The "copia e cola" text of a PIX payment, which is also what the QR code holds. */
export function encodePixBrCode(input: PixBrCodeInput): string {
  const body =
    tlv(FIELD.payloadFormat, '01') +
    (input.singleUse === false ? '' : tlv(FIELD.initiationMethod, '12')) +
    merchantAccount(input.pixKey, input.description) +
    tlv(FIELD.categoryCode, '0000') +
    tlv(FIELD.currency, '986') +
    (input.amountCents === null ? '' : tlv(FIELD.amount, formatPixAmount(input.amountCents))) +
    tlv(FIELD.country, 'BR') +
    tlv(FIELD.merchantName, requiredText('merchant name', input.merchantName, MERCHANT_NAME_MAX)) +
    tlv(FIELD.merchantCity, requiredText('merchant city', input.merchantCity, MERCHANT_CITY_MAX)) +
    tlv(FIELD.additionalData, tlv(ADDITIONAL_FIELD.txid, checkTxid(input.txid)));
  // The CRC covers its own ID and length, so they are appended before computing it.
  const withCrcHeader = `${body}${FIELD.crc}04`;
  return withCrcHeader + crc16ccitt(withCrcHeader);
}
