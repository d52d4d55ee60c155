import { isIPv4, isIPv6 } from 'node:net';

/**
 * Where an attempt comes from, for throttling: an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's whole network, which a single host can roam freely), an IPv4-mapped
 * IPv6 address as the IPv4 it maps.
 */
export function ipSource(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail ('...:1.2.3.4') lies past the first 64 bits: it never matters here.
  const missing = 8 - left.length - right.length;
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
