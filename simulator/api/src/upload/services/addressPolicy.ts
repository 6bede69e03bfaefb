// Which addresses the server may fetch for a user (`GET upload?url=`, decision 009): public
// unicast only, unless the allow-list (UPLOAD_URL_ALLOW: IPs, CIDRs, host names) names them.
// Refused by default: loopback, "this network" (0.0.0.0/8), private (RFC 1918), shared/CGNAT
// (100.64.0.0/10), link-local, IETF and documentation blocks, benchmarking, multicast, reserved
// and broadcast; for IPv6 anything outside global unicast 2000::/3 (loopback, unspecified,
// IPv4-mapped and -compatible, NAT64, unique-local, link-local, multicast) and, inside it, the
// IETF, Teredo, documentation and 6to4 blocks. IPv4-mapped IPv6 addresses are judged as IPv4.
import { BlockList, isIP } from 'node:net';

const SPECIAL_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const SPECIAL_V6: readonly [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

const special = new BlockList();
for (const [net, prefix] of SPECIAL_V4) special.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of SPECIAL_V6) special.addSubnet(net, prefix, 'ipv6');
const globalUnicast6 = new BlockList();
globalUnicast6.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function groups6(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** An IP address in the form it is judged in: IPv4-mapped IPv6 becomes IPv4; undefined if not an IP. */
export function normalizeIp(address: string): { address: string; family: 4 | 6 } | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return { address: bare, family: 4 };
  if (family !== 6) return undefined;
  const g = groups6(bare);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    const [hi = 0, lo = 0] = g.slice(6);
    return { address: [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.'), family: 4 };
  }
  return { address: bare, family: 6 };
}

/** Whether an address is public unicast (see the list above). */
export function isPublicAddress(address: string): boolean {
  const ip = normalizeIp(address);
  if (!ip) return false;
  if (ip.family === 4) return !special.check(ip.address, 'ipv4');
  return globalUnicast6.check(ip.address, 'ipv6') && !special.check(ip.address, 'ipv6');
}

export interface AddressPolicy {
  /** whether the server may connect to `address` for a URL whose host is `host` */
  allows(host: string, address: string): boolean;
}

/** The policy with an allow-list of IPs, CIDRs (`10.0.0.0/8`, `fd00::/8`) and host names. */
export function createAddressPolicy(allowList: readonly string[]): AddressPolicy {
  const hosts = new Set<string>();
  const allowed = new BlockList();
  for (const entry of allowList) {
    const [net = '', prefix] = entry.split('/');
    const ip = normalizeIp(net);
    const family = ip?.family === 6 ? 'ipv6' : 'ipv4';
    if (ip && prefix !== undefined && /^\d{1,3}$/.test(prefix))
      allowed.addSubnet(ip.address, Number(prefix), family);
    else if (ip && prefix === undefined) allowed.addAddress(ip.address, family);
    else if (prefix === undefined) hosts.add(entry.toLowerCase().replace(/\.$/, ''));
    else throw new Error(`UPLOAD_URL_ALLOW: '${entry}' is neither an address, a CIDR nor a host name`);
  }
  return {
    allows(host, address) {
      if (
        hosts.has(
          host
            .toLowerCase()
            .replace(/^\[|\]$/g, '')
            .replace(/\.$/, ''),
        )
      )
        return true;
      const ip = normalizeIp(address);
      if (!ip) return false;
      return isPublicAddress(ip.address) || allowed.check(ip.address, ip.family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
