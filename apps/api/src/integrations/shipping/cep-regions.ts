import type { StateCode } from '@lumina/shared/addresses/brazil-states';

/**
 * The Correios CEP ranges of each state by the first five digits (REFERENCE.md, Shipping).
 * Prefixes outside every range (00000-00999, 78900-78999) name no state.
 */
const CEP_RANGES: readonly (readonly [from: number, to: number, state: StateCode])[] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The state of an 8-digit CEP, or undefined when its range belongs to none. */
export function cepToState(cep: string): StateCode | undefined {
  if (!/^\d{8}$/.test(cep)) return undefined;
  const prefix = Number(cep.slice(0, 5));
  return CEP_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
}

export type Region = 'norte' | 'nordeste' | 'centro_oeste' | 'sudeste' | 'sul';

export const STATE_REGION: Record<StateCode, Region> = {
  AC: 'norte',
  AM: 'norte',
  AP: 'norte',
  PA: 'norte',
  RO: 'norte',
  RR: 'norte',
  TO: 'norte',
  AL: 'nordeste',
  BA: 'nordeste',
  CE: 'nordeste',
  MA: 'nordeste',
  PB: 'nordeste',
  PE: 'nordeste',
  PI: 'nordeste',
  RN: 'nordeste',
  SE: 'nordeste',
  DF: 'centro_oeste',
  GO: 'centro_oeste',
  MS: 'centro_oeste',
  MT: 'centro_oeste',
  ES: 'sudeste',
  MG: 'sudeste',
  RJ: 'sudeste',
  SP: 'sudeste',
  PR: 'sul',
  RS: 'sul',
  SC: 'sul',
};

/** Regions that share a border (Sul and Norte, Sul and Nordeste, Sudeste and Norte do not). */
const NEIGHBOUR_REGIONS: Record<Region, readonly Region[]> = {
  norte: ['nordeste', 'centro_oeste'],
  nordeste: ['norte', 'centro_oeste', 'sudeste'],
  centro_oeste: ['norte', 'nordeste', 'sudeste', 'sul'],
  sudeste: ['nordeste', 'centro_oeste', 'sul'],
  sul: ['centro_oeste', 'sudeste'],
};

/** How far a parcel travels, cheapest first: the rows of the offline price table. */
export const ZONES = ['state', 'region', 'neighbour', 'far'] as const;
export type Zone = (typeof ZONES)[number];

export function zoneBetween(origin: StateCode, destination: StateCode): Zone {
  if (origin === destination) return 'state';
  const from = STATE_REGION[origin];
  const to = STATE_REGION[destination];
  if (from === to) return 'region';
  return NEIGHBOUR_REGIONS[from].includes(to) ? 'neighbour' : 'far';
}
