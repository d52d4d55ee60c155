import { instalmentsPromise } from '../payments/card-instalments.ts';

/**
 * The home page's description, the same in the server's head and in the browser's: it names
 * instalments only when a card payment method offers them.
 */
export function homeDescription(promise: string | null = instalmentsPromise()): string {
  return `Joias para piercing de orelha, boca, nariz, sobrancelha, umbigo e mamilo. 5% de desconto no PIX${promise ? `, ${promise}` : ''} e frete grátis a partir de R$ 299.`;
}
