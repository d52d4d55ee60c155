import { type MoneyRules, moneyPromisesSentence } from './money-texts.ts';

/**
 * The home page's description, the same in the server's head and in the browser's: it names the
 * PIX discount, instalments (only once a card payment method offers them) and free shipping as
 * the store settings give them, and leaves out a rule the shop does not offer.
 */
export function homeDescription(rules: MoneyRules): string {
  return `Joias para piercing de orelha, boca, nariz, sobrancelha, umbigo e mamilo.${moneyPromisesSentence(rules)}`;
}
