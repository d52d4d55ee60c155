import { describe, expect, it } from 'vitest';
import { formatAddressLine } from './address-line.ts';

const ADDRESS = {
  street: 'Rua Augusta',
  number: '1500',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  state: 'SP',
  zip_code: '01310100',
};

describe('formatAddressLine', () => {
  it.each([
    [{}, 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100'],
    [
      { complement: 'Apto 12' },
      'Rua Augusta, 1500, Apto 12 - Consolação - São Paulo/SP - 01310-100',
    ],
    [{ complement: '  ' }, 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100'],
    [{ complement: null }, 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100'],
  ])('%j -> %s', (change, line) => {
    expect(formatAddressLine({ ...ADDRESS, ...change })).toBe(line);
  });
});
