import { describe, expect, it } from 'vitest';
import { ipSource } from './ip-source.ts';

describe('ipSource', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped one', () => {
    expect(ipSource('203.0.113.9')).toBe('203.0.113.9');
    expect(ipSource('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:abcd:12::/64';
    expect(ipSource('2001:db8:abcd:12::1')).toBe(network);
    expect(ipSource('2001:0DB8:abcd:0012:ffff:1:2:3')).toBe(network);
    expect(ipSource('2001:db8:abcd:12:aaaa::')).toBe(network);
    expect(ipSource('2001:db8:abcd:13::1')).not.toBe(network);
    expect(ipSource('::1')).toBe('0:0:0:0::/64');
  });
});
