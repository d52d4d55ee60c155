import { describe, expect, it } from 'vitest';
import { clientKey } from './client-rate-limit.ts';

describe('clientKey', () => {
  it('counts a client by its address, an IPv6 /64 as one client', () => {
    expect(clientKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientKey({ ip: '2001:db8:1:2:aaaa::1' })).toBe(clientKey({ ip: '2001:db8:1:2::9' }));
    // An IPv4 client behind an IPv6 socket is the same client as over IPv4.
    expect(clientKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
  });

  it('does not throw for a connection the client already closed (no address left)', () => {
    expect(clientKey({ ip: undefined as unknown as string })).toBe('closed-connection');
  });
});
