import { BRAZIL_STATES, type StateCode } from '@lumina/shared/addresses/brazil-states';
import { describe, expect, it } from 'vitest';
import { cepToState, zoneBetween } from './cep-regions.ts';

describe('cepToState', () => {
  // The first and last CEP of every range in REFERENCE.md.
  it.each([
    ['01000000', '19999999', 'SP'],
    ['20000000', '28999999', 'RJ'],
    ['29000000', '29999999', 'ES'],
    ['30000000', '39999999', 'MG'],
    ['40000000', '48999999', 'BA'],
    ['49000000', '49999999', 'SE'],
    ['50000000', '56999999', 'PE'],
    ['57000000', '57999999', 'AL'],
    ['58000000', '58999999', 'PB'],
    ['59000000', '59999999', 'RN'],
    ['60000000', '63999999', 'CE'],
    ['64000000', '64999999', 'PI'],
    ['65000000', '65999999', 'MA'],
    ['66000000', '68899999', 'PA'],
    ['68900000', '68999999', 'AP'],
    ['69000000', '69299999', 'AM'],
    ['69300000', '69399999', 'RR'],
    ['69400000', '69899999', 'AM'],
    ['69900000', '69999999', 'AC'],
    ['70000000', '72799999', 'DF'],
    ['72800000', '72999999', 'GO'],
    ['73000000', '73699999', 'DF'],
    ['73700000', '76799999', 'GO'],
    ['76800000', '76999999', 'RO'],
    ['77000000', '77999999', 'TO'],
    ['78000000', '78899999', 'MT'],
    ['79000000', '79999999', 'MS'],
    ['80000000', '87999999', 'PR'],
    ['88000000', '89999999', 'SC'],
    ['90000000', '99999999', 'RS'],
  ])('%s..%s -> %s', (first, last, state) => {
    expect(cepToState(first)).toBe(state);
    expect(cepToState(last)).toBe(state);
  });

  it.each(['00000000', '00999999', '78900000', '78999999', '0131010', '0131010a', ''])(
    '%j names no state',
    (cep) => {
      expect(cepToState(cep)).toBeUndefined();
    },
  );

  it('reaches every state', () => {
    const reached = new Set<StateCode>();
    for (let prefix = 0; prefix <= 99999; prefix += 1) {
      const state = cepToState(`${String(prefix).padStart(5, '0')}000`);
      if (state) reached.add(state);
    }
    expect([...reached].sort()).toEqual(Object.keys(BRAZIL_STATES).sort());
  });
});

describe('zoneBetween', () => {
  it.each([
    ['SP', 'SP', 'state'],
    ['SP', 'RJ', 'region'],
    ['SP', 'PR', 'neighbour'],
    ['SP', 'BA', 'neighbour'],
    ['SP', 'GO', 'neighbour'],
    ['SP', 'AM', 'far'],
    ['RS', 'CE', 'far'],
    ['RS', 'MS', 'neighbour'],
    ['PA', 'MA', 'neighbour'],
    ['AC', 'RR', 'region'],
  ] as const)('%s -> %s is %s', (origin, destination, zone) => {
    expect(zoneBetween(origin, destination)).toBe(zone);
    expect(zoneBetween(destination, origin)).toBe(zone);
  });
});
