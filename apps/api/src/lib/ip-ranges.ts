import { isIPv4, isIPv6 } from 'node:net';

/**
 * What an IP address reaches. Only 'public' is somewhere on the internet: every other scope is
 * this machine, the shop's own network or an address no server should be asked to connect to
 * (IANA's special-purpose registries for IPv4 and IPv6).
 */
export type AddressScope =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'reserved';

interface Range {
  bytes: number[];
  bits: number;
  scope: Exclude<AddressScope, 'public'>;
}

function range(cidr: string, scope: Range['scope']): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = parseAddress(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, bits: Number(bits), scope };
}

const IPV4_RANGES: Range[] = [
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.0.2.0/24', 'reserved'),
  range('192.88.99.0/24', 'reserved'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'reserved'),
  range('198.51.100.0/24', 'reserved'),
  range('203.0.113.0/24', 'reserved'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];

/** Forms that carry an IPv4 address: it decides, from these bytes of the IPv6 one. */
const IPV6_EMBEDDING: { range: Range; from: number }[] = [
  // IPv4-mapped (::ffff:a.b.c.d): the socket talks IPv4 to a.b.c.d.
  { range: range('::ffff:0:0/96', 'reserved'), from: 12 },
  // NAT64 (RFC 6052): a DNS64 network's gateway connects to a.b.c.d for us.
  { range: range('64:ff9b::/96', 'reserved'), from: 12 },
  // 6to4 (2002:aabb:ccdd::/48): a relay forwards to a.b.c.d.
  { range: range('2002::/16', 'reserved'), from: 2 },
];

const IPV6_RANGES: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  // IPv4-compatible (deprecated), and the rest of ::/8: nothing public lives there.
  range('::/8', 'reserved'),
  range('64:ff9b:1::/48', 'reserved'),
  range('100::/64', 'reserved'),
  // IETF protocol assignments, Teredo (2001::/32) among them, and documentation.
  range('2001::/23', 'reserved'),
  range('2001:db8::/32', 'reserved'),
  range('3fff::/20', 'reserved'),
  range('fc00::/7', 'private'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'reserved'),
  range('ff00::/8', 'multicast'),
];

/** Global unicast: the only IPv6 space handed out on the internet. */
const IPV6_GLOBAL = range('2000::/3', 'reserved');

function inRange(bytes: number[], { bytes: prefix, bits }: Range): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let byte = 0; byte * 8 < bits; byte += 1) {
    const left = bits - byte * 8;
    const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (an IPv4 tail and '::' expanded). */
function parseIPv6(ip: string): number[] {
  // A dotted IPv4 tail ('::ffff:1.2.3.4') becomes its two hexadecimal groups.
  const text = ip
    .toLowerCase()
    .replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_all, a, b, c, d) =>
      [
        ((Number(a) << 8) | Number(b)).toString(16),
        ((Number(c) << 8) | Number(d)).toString(16),
      ].join(':'),
    );
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(rest ?? '');
  const fill = rest === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right].flatMap((group) => [group >> 8, group & 0xff]);
}

/** The bytes of an IPv4 or IPv6 address, or undefined when `ip` is neither. */
function parseAddress(ip: string): number[] | undefined {
  if (isIPv4(ip)) return parseIPv4(ip);
  if (isIPv6(ip) && !ip.includes('%')) return parseIPv6(ip);
  return undefined;
}

function scopeOfBytes(bytes: number[]): AddressScope {
  if (bytes.length === 4) {
    return IPV4_RANGES.find((r) => inRange(bytes, r))?.scope ?? 'public';
  }
  for (const { range: embedding, from } of IPV6_EMBEDDING) {
    if (inRange(bytes, embedding)) return scopeOfBytes(bytes.slice(from, from + 4));
  }
  const special = IPV6_RANGES.find((r) => inRange(bytes, r));
  if (special) return special.scope;
  return inRange(bytes, IPV6_GLOBAL) ? 'public' : 'reserved';
}

/**
 * The scope of an IP address, IPv4 or IPv6 (an IPv6 address that carries an IPv4 one, as mapped,
 * NAT64 or 6to4 forms do, has the scope of that IPv4 address). Anything that is not an address,
 * a zoned IPv6 address ('fe80::1%eth0') included, is 'reserved'.
 */
export function addressScope(ip: string): AddressScope {
  const bytes = parseAddress(ip.replace(/^\[(.*)\]$/, '$1'));
  return bytes ? scopeOfBytes(bytes) : 'reserved';
}

/** Whether a URL's host names this machine: 'localhost' or a loopback address. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || addressScope(host) === 'loopback';
}
