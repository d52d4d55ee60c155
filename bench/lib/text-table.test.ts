import { describe, expect, it } from 'vitest';
import { textTable } from './text-table.ts';

describe('textTable', () => {
  it('pads text left-aligned and numbers right-aligned', () => {
    const table = textTable(
      ['route', 'req/s'],
      [
        ['list', 950],
        ['detail', '12000'],
      ],
    );
    expect(table.split('\n')).toEqual([
      'route   req/s',
      '------  -----',
      'list      950',
      'detail  12000',
    ]);
  });
});
