import { describe, expect, it } from 'vitest';
import { syncStatusLabel } from './sync-status.ts';

describe('syncStatusLabel', () => {
  it.each([
    [{ from_bling: true, sync_status: 'synced' }, 'Bling'],
    [{ from_bling: true, sync_status: 'failed' }, 'Bling'],
    [{ from_bling: false, sync_status: 'pending' }, 'Pendente'],
    [{ sync_status: 'failed' }, 'Falhou'],
    [{ sync_status: 'synced' }, 'Local'],
    [{ from_bling: null, sync_status: null }, 'Local'],
    [{}, 'Local'],
  ])('%j -> %s', (product, label) => {
    expect(syncStatusLabel(product)).toBe(label);
  });
});
