/**
 * 'da loja <name>' for the notes the shop writes into Bling: the owner's trade name from the
 * store settings, never the code's working name; 'da loja' while the settings name none.
 */
export function ofTheShop(name: string): string {
  return name ? `da loja ${name}` : 'da loja';
}
