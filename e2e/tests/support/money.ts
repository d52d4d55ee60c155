/**
 * 'R$ 1.234,56' from cents, through the browser platform's own pt-BR formatter rather than the
 * app's, so a formatting bug in the app cannot hide behind the same code in the test.
 */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function brlText(cents: number): string {
  // Intl puts a no-break space after 'R$'; the store prints a plain one.
  return brl.format(cents / 100).replace(/\s/g, ' ');
}

/** Rounds half up to a whole cent, like every money figure in the store. */
export function percentOff(cents: number, percent: number): number {
  return Math.round((cents * (100 - percent)) / 100);
}
