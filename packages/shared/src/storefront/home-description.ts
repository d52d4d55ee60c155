import { instalmentsPromiseFor, STORE_CARD_PAYMENT } from '../payments/card-instalments.ts';

/**
 * The home page's description, the same in the server's head and in the browser's: it names
 * instalments only when a card payment method offers them.
 */
export const HOME_DESCRIPTION = `Joias para piercing de orelha, boca, nariz, sobrancelha, umbigo e mamilo. 5% de desconto no PIX${
  STORE_CARD_PAYMENT ? `, ${instalmentsPromiseFor(STORE_CARD_PAYMENT)}` : ''
} e frete grátis a partir de R$ 299.`;
