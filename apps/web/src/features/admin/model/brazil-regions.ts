import type { StateCode } from '@lumina/shared/addresses/brazil-states';

/**
 * The five regions of Brazil (IBGE) with their states: a free-shipping promotion is usually
 * meant for a region, so the form lets the owner tick one at once.
 */
export const BRAZIL_REGIONS: readonly { name: string; states: readonly StateCode[] }[] = [
  { name: 'Norte', states: ['AC', 'AP', 'AM', 'PA', 'RO', 'RR', 'TO'] },
  { name: 'Nordeste', states: ['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE'] },
  { name: 'Centro-Oeste', states: ['DF', 'GO', 'MT', 'MS'] },
  { name: 'Sudeste', states: ['ES', 'MG', 'RJ', 'SP'] },
  { name: 'Sul', states: ['PR', 'RS', 'SC'] },
];
