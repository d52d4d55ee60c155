import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPendingTab } from './pending-tab.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('openPendingTab', () => {
  it('opens the tab at once and sends it, cut from the panel, where the answer says', () => {
    const tab = { opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.fn((_url?: string, _target?: string) => tab);
    vi.stubGlobal('open', open);
    const pending = openPendingTab();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(pending.show('https://melhorenvio.example/etiqueta.pdf')).toBe(true);
    expect(tab.location.href).toBe('https://melhorenvio.example/etiqueta.pdf');
    expect(tab.opener).toBeNull();
  });

  it('says so when the browser refused the tab or the owner closed it', () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    expect(openPendingTab().show('https://a.example')).toBe(false);

    const closed = { opener: null, closed: true, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => closed),
    );
    expect(openPendingTab().show('https://a.example')).toBe(false);
    expect(closed.location.href).toBe('');
  });

  it('closes the empty tab when the request failed', () => {
    const tab = { opener: null, closed: false, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    openPendingTab().close();
    expect(tab.close).toHaveBeenCalledTimes(1);
  });
});
