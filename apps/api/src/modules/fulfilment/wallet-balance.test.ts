// The wallet's balance kept a minute for the panel: read once however many pages ask, read
// again once the minute is over or a label was paid or cancelled, and a failure never kept.
import { describe, expect, it } from 'vitest';
import { createMemoryMelhorEnvio } from './label-test-kit.ts';
import type { LabelRequest } from './ports.ts';
import { createWalletBalance, WALLET_BALANCE_TTL_MS } from './wallet-balance.ts';

function setUp() {
  const me = createMemoryMelhorEnvio({ balanceCents: 50_000, priceCents: 2_000 });
  let clock = new Date('2025-03-10T12:00:00Z');
  const wallet = createWalletBalance(() => clock);
  const provider = wallet.watch(me.provider);
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  return { me, wallet, provider, later };
}

const request = { orderNumber: 'LUM-2001', serviceId: 1 } as LabelRequest;

describe('the wallet balance', () => {
  it('is read once a minute, and overlapping reads share the call', async () => {
    const { me, wallet, provider, later } = setUp();
    const [a, b] = await Promise.all([wallet.read(provider), wallet.read(provider)]);
    expect([a, b]).toEqual([50_000, 50_000]);
    me.balanceCents = 40_000;
    later(WALLET_BALANCE_TTL_MS - 1);
    expect(await wallet.read(provider)).toBe(50_000);
    expect(me.calls.balanceCents).toBe(1);
    later(1);
    expect(await wallet.read(provider)).toBe(40_000);
    expect(me.calls.balanceCents).toBe(2);
  });

  it('is read again after a label is paid or cancelled, even when the call failed', async () => {
    const { me, wallet, provider } = setUp();
    expect(await wallet.read(provider)).toBe(50_000);
    const { providerOrderId } = await provider.addToCart(request);
    await provider.checkout([providerOrderId]);
    expect(await wallet.read(provider)).toBe(48_000);
    await provider.cancel(providerOrderId, 'cancelada');
    expect(await wallet.read(provider)).toBe(50_000);

    // The answer was lost after Melhor Envio took the money: the balance may have moved.
    const second = await provider.addToCart(request);
    me.failNext('checkout', 'unavailable', { answered: false, applied: true });
    await expect(provider.checkout([second.providerOrderId])).rejects.toThrow();
    expect(await wallet.read(provider)).toBe(48_000);
    expect(me.calls.balanceCents).toBe(4);
  });

  it('keeps no failure, and forgets the balance when asked (another account connected)', async () => {
    const { me, wallet, provider } = setUp();
    me.failNext('balanceCents', 'unavailable');
    await expect(wallet.read(provider)).rejects.toThrow();
    expect(await wallet.read(provider)).toBe(50_000);
    me.balanceCents = 7_000;
    wallet.forget();
    expect(await wallet.read(provider)).toBe(7_000);
    expect(me.calls.balanceCents).toBe(3);
  });
});
