// Where a webhook may be delivered: never into the service's own network (SSRF). A URL's host is
// resolved, and every address it resolves to must be public: not loopback, private (10/8,
// 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), cloud metadata
// (169.254.169.254, fd00:ec2::254: both inside those), shared (CGNAT 100.64/10), unspecified,
// multicast, reserved or documentation ranges; an IPv6 address that carries an IPv4 one
// (IPv4-mapped, NAT64, 6to4) is judged by the IPv4 address too. The request then connects to the
// address that was checked, never to the name again (a second lookup could answer otherwise: DNS
// rebinding). WEBHOOKS_ALLOW_PRIVATE (development and tests; refused in production) lifts the
// check, so that a receiver on this machine can be reached.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to all its addresses (injected in tests). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

const V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address (cloud metadata lives there)'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];
const V6: [string, number, string][] = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['100::', 64, 'a discard address'],
  ['2001::', 32, 'a Teredo address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['fc00::', 7, 'a private address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
];

const reasons: { family: 'ipv4' | 'ipv6'; list: BlockList; why: string }[] = [];
for (const [net, prefix, why] of V4) {
  const list = new BlockList();
  list.addSubnet(net, prefix, 'ipv4');
  reasons.push({ family: 'ipv4', list, why });
}
for (const [net, prefix, why] of V6) {
  const list = new BlockList();
  list.addSubnet(net, prefix, 'ipv6');
  reasons.push({ family: 'ipv6', list, why });
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedV4(address: string): string | null {
  const groups = expandV6(address);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zero(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!); // ::ffff:0:0/96
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zero(2, 6)) return v4(groups[6]!, groups[7]!); // 64:ff9b::/96
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!); // 2002::/16
  if (zero(0, 6) && (groups[6]! !== 0 || groups[7]! > 1)) return v4(groups[6]!, groups[7]!); // ::a.b.c.d (deprecated)
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a zone index dropped), or null. */
function expandV6(address: string): number[] | null {
  let a = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    const p = dotted[1]!.split('.').map(Number);
    a = a.slice(0, -dotted[1]!.length) + `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, tail] = a.includes('::') ? a.split('::') : [a, undefined];
  const h = head ? head.split(':') : [];
  const t = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  if (fill < 0) return null;
  const groups = [...h, ...Array<string>(fill).fill('0'), ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** Why Alea must not deliver to this address (a literal IP), or null if it is public. */
export function forbiddenAddress(address: string): string | null {
  const family = isIP(address.split('%')[0]!);
  if (family === 0) return 'not an IP address';
  if (family === 4) return reasons.find((r) => r.family === 'ipv4' && r.list.check(address, 'ipv4'))?.why ?? null;
  const bare = address.split('%')[0]!;
  const inner = embeddedV4(bare);
  if (inner) {
    const why = forbiddenAddress(inner);
    if (why) return why;
  }
  if (bare.toLowerCase().startsWith('::ffff:')) return null; // judged by its IPv4 address
  return reasons.find((r) => r.family === 'ipv6' && r.list.check(bare, 'ipv6'))?.why ?? null;
}

/** An address a delivery may connect to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Thrown when a URL's host may not be delivered to; its message says why, for its owner. */
export class AddressRefused extends Error {}

/**
 * The address to connect to for this host: the host itself if it is an IP address, else the
 * first of its addresses, after every one of them passed the check (unless `allowPrivate`).
 */
export async function checkedAddress(host: string, o: { allowPrivate: boolean; resolve?: Resolver }): Promise<CheckedAddress> {
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: { address: string; family: number }[];
  if (isIP(literal)) addresses = [{ address: literal, family: isIP(literal) }];
  else {
    try {
      addresses = await (o.resolve ?? systemResolver)(literal);
    } catch (err) {
      throw new AddressRefused(`${literal} does not resolve (${(err as { code?: string }).code ?? 'DNS error'})`);
    }
    if (addresses.length === 0) throw new AddressRefused(`${literal} does not resolve`);
  }
  if (!o.allowPrivate) {
    for (const a of addresses) {
      const why = forbiddenAddress(a.address);
      if (why) throw new AddressRefused(`${literal === a.address ? a.address : `${literal} resolves to ${a.address}`}: ${why}, where Alea does not deliver`);
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
