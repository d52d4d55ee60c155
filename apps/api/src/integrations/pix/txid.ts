import { randomInt } from 'node:crypto';
import { TXID_MAX } from './br-code.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh txid per payment: the longest a static code allows (25 of [A-Za-z0-9], about 149
 * bits), so it also works as an unguessable reference. randomInt draws without modulo bias.
 */
export function createTxid(): string {
  return Array.from({ length: TXID_MAX }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
