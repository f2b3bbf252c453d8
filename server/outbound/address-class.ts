// What kind of address an IP is, for the outbound allow-list: webhook
// deliveries must not reach the server's own network (loopback, RFC 1918, cloud
// metadata on link-local) unless an administrator allows it. Ranges follow the
// IANA special-purpose address registries; node:net's BlockList does the
// matching (an IPv4 rule also matches the IPv4-mapped form ::ffff:a.b.c.d).
import { BlockList, isIP } from 'node:net';

export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'external';

type Family = 'ipv4' | 'ipv6';

function ranges(family: Family, ...cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), family);
  }
  return list;
}

// First match wins. Anything IPv4 not listed is public unicast.
const IPV4: [AddressClass, BlockList][] = [
  ['unspecified', ranges('ipv4', '0.0.0.0/8')],
  ['loopback', ranges('ipv4', '127.0.0.0/8')],
  ['private', ranges('ipv4', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10')],
  ['link-local', ranges('ipv4', '169.254.0.0/16')],
  ['multicast', ranges('ipv4', '224.0.0.0/4')],
  [
    'reserved',
    ranges(
      'ipv4',
      '192.0.0.0/24', // IETF protocol assignments
      '192.0.2.0/24', // TEST-NET-1
      '192.88.99.0/24', // 6to4 relay anycast (deprecated)
      '198.18.0.0/15', // benchmarking
      '198.51.100.0/24', // TEST-NET-2
      '203.0.113.0/24', // TEST-NET-3
      '240.0.0.0/4', // future use, including 255.255.255.255 (broadcast)
    ),
  ],
];

// First match wins; IPv6 outside 2000::/3 (global unicast) is reserved.
const IPV6: [AddressClass, BlockList][] = [
  ['unspecified', ranges('ipv6', '::/128')],
  ['loopback', ranges('ipv6', '::1/128')],
  ['private', ranges('ipv6', 'fc00::/7')],
  ['link-local', ranges('ipv6', 'fe80::/10')],
  ['multicast', ranges('ipv6', 'ff00::/8')],
  [
    'reserved',
    ranges(
      'ipv6',
      '64:ff9b:1::/48', // local-use NAT64
      '100::/64', // discard-only
      '2001::/23', // IETF protocol assignments, including Teredo
      '2001:db8::/32', // documentation
      '2002::/16', // 6to4: the embedded IPv4 address could be anything
      '3fff::/20', // documentation
    ),
  ],
];

const GLOBAL_UNICAST = ranges('ipv6', '2000::/3');
const IPV4_MAPPED = ranges('ipv6', '::ffff:0:0/96');
const NAT64 = ranges('ipv6', '64:ff9b::/96');

/** `[::1]` → `::1`, `fe80::1%eth0` → `fe80::1`. */
export function bareAddress(ip: string): string {
  const unbracketed = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const zone = unbracketed.indexOf('%');
  return zone === -1 ? unbracketed : unbracketed.slice(0, zone);
}

/** The IPv4 address in the low 32 bits of a NAT64 (64:ff9b::/96) address. */
function nat64Embedded(ip: string): string {
  // The URL parser prints IPv6 in canonical compressed hex form, so the low 32
  // bits are the last two groups (a compressed run supplies zero groups).
  const groups = new URL(`http://[${ip}]/`).hostname.slice(1, -1).split(':');
  const low = Number.parseInt(groups.at(-1) || '0', 16);
  const high = groups.length >= 2 ? Number.parseInt(groups.at(-2) || '0', 16) : 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Throws TypeError when `ip` is not an IP address. */
export function classifyAddress(ip: string): AddressClass {
  const address = bareAddress(ip);
  const family = isIP(address);
  if (family === 0) throw new TypeError(`not an IP address: ${JSON.stringify(ip)}`);
  if (family === 6 && NAT64.check(address, 'ipv6')) return classifyAddress(nat64Embedded(address));
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) reaches the IPv4 address it embeds.
  if (family === 4 || IPV4_MAPPED.check(address, 'ipv6')) {
    const type: Family = family === 4 ? 'ipv4' : 'ipv6';
    for (const [kind, list] of IPV4) if (list.check(address, type)) return kind;
    return 'external';
  }
  for (const [kind, list] of IPV6) if (list.check(address, 'ipv6')) return kind;
  return GLOBAL_UNICAST.check(address, 'ipv6') ? 'external' : 'reserved';
}
