import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client is counted under by rate limits: an IPv4 address as it is, an IPv6 one by its
 * /64 prefix. One subscriber or host is usually given a whole /64, so counting single IPv6
 * addresses would let a client pick a fresh one for every request (docs/access.md).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  return `${hextets(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded, zone and embedded IPv4 read. */
function hextets(ip: string): string[] {
  const [address = ''] = ip.toLowerCase().split('%');
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap(embeddedIPv4) : []);
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  const zeros = Array<string>(8 - start.length - end.length).fill('0');
  return [...start, ...zeros, ...end].map((g) => Number.parseInt(g, 16).toString(16));
}

/** A trailing dotted IPv4 (`::1.2.3.4`) is two groups. */
function embeddedIPv4(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
