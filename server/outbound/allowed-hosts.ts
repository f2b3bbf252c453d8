// WHARF_WEBHOOK_ALLOWED_HOSTS: where webhook deliveries may go. By default only
// public unicast addresses, so that a repository admin cannot point a hook at
// the server's own network (localhost services, RFC 1918, cloud metadata).
// Entries (comma-separated, case-insensitive):
//   external | loopback | private  address classes (see address-class.ts)
//   *                              everything
//   10.1.0.0/16, fd00::/8, 10.0.0.7 explicit addresses
//   hooks.example.com, *.example.com host names; these allow the host whatever
//                                  it resolves to (the admin named it)
import { BlockList, isIP } from 'node:net';
import { bareAddress, classifyAddress, type AddressClass } from './address-class.js';

export { classifyAddress, type AddressClass } from './address-class.js';

export const ALLOWED_HOSTS_SETTING = 'WHARF_WEBHOOK_ALLOWED_HOSTS';

type AllowedClass = 'external' | 'loopback' | 'private';

export interface AllowList {
  /** `*`: every address. */
  readonly all: boolean;
  readonly classes: ReadonlySet<AllowedClass>;
  /** CIDR and single-address entries. */
  readonly addresses: BlockList;
  /** Exact host names, lower case, without a trailing dot. */
  readonly hosts: ReadonlySet<string>;
  /** `*.example.com` entries as `.example.com`. */
  readonly hostSuffixes: readonly string[];
}

const CLASSES: readonly string[] = ['external', 'loopback', 'private'];
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

function invalid(entry: string, why: string): Error {
  return new Error(`${ALLOWED_HOSTS_SETTING}: invalid entry ${JSON.stringify(entry)}: ${why}`);
}

/** Lower case, trailing dot and IPv6 brackets removed. */
function normalizeHost(host: string): string {
  const lower = host.toLowerCase();
  return bareAddress(lower.endsWith('.') ? lower.slice(0, -1) : lower);
}

function addCidr(list: BlockList, entry: string): void {
  const slash = entry.indexOf('/');
  const address = bareAddress(slash === -1 ? entry : entry.slice(0, slash));
  const family = isIP(address);
  if (family === 0) throw invalid(entry, 'not an IP address, CIDR range or host name (no URLs or ports)');
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (slash === -1) {
    list.addAddress(address, type);
    return;
  }
  const prefixText = entry.slice(slash + 1);
  const max = family === 4 ? 32 : 128;
  const prefix = Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText) || prefix > max) throw invalid(entry, `the prefix length must be 0 to ${max}`);
  list.addSubnet(address, prefix, type);
}

function checkHostName(entry: string, name: string): void {
  if (name.length === 0 || name.length > 253) throw invalid(entry, 'not a host name');
  if (name.includes('*'))
    throw invalid(entry, 'a wildcard is only allowed as the whole first label, as in *.example.com');
  for (const label of name.split('.')) {
    if (label === '') throw invalid(entry, 'empty label in host name');
    if (!LABEL.test(label))
      throw invalid(entry, `${JSON.stringify(label)} is not a valid host name label (letters, digits and hyphens)`);
  }
}

/** Throws Error naming the first bad entry. Empty or unset → `external`. */
export function parseAllowedHosts(raw: string | undefined): AllowList {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) entries.push('external');
  let all = false;
  const classes = new Set<AllowedClass>();
  const addresses = new BlockList();
  const hosts = new Set<string>();
  const hostSuffixes: string[] = [];
  for (const entry of entries) {
    const lower = entry.toLowerCase();
    if (lower === '*') all = true;
    else if (CLASSES.includes(lower)) classes.add(lower as AllowedClass);
    else if (/^[\d.]+(?:\/.*)?$/.test(lower) || lower.includes(':') || lower.startsWith('[')) addCidr(addresses, entry);
    else {
      const name = normalizeHost(lower);
      if (name.startsWith('*.')) {
        checkHostName(entry, name.slice(2));
        hostSuffixes.push(name.slice(1));
      } else {
        checkHostName(entry, name);
        hosts.add(name);
      }
    }
  }
  return { all, classes, addresses, hosts, hostSuffixes };
}

function hostNameAllowed(list: AllowList, hostname: string): boolean {
  const name = normalizeHost(hostname);
  if (isIP(name) !== 0) return false;
  return list.hosts.has(name) || list.hostSuffixes.some((suffix) => name.endsWith(suffix));
}

function addressListed(list: AllowList, address: string): boolean {
  const bare = bareAddress(address);
  const family = isIP(bare);
  return family !== 0 && list.addresses.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a delivery to `hostname` (the URL's host) may connect to `address`
 * (what it resolved to, or the host itself when it is an IP literal).
 */
export function isAllowed(list: AllowList, hostname: string, address: string): boolean {
  if (list.all || hostNameAllowed(list, hostname) || addressListed(list, address)) return true;
  let kind: AddressClass;
  try {
    kind = classifyAddress(address);
  } catch {
    return false;
  }
  return (CLASSES as readonly AddressClass[]).includes(kind) && list.classes.has(kind as AllowedClass);
}

/** Why isAllowed said no, for delivery status and logs. */
export function describeRefusal(hostname: string, address: string): string {
  const bare = bareAddress(address);
  let kind: string;
  try {
    kind = classifyAddress(bare);
  } catch {
    kind = 'not an IP address';
  }
  const host = normalizeHost(hostname);
  const of = host === bare.toLowerCase() ? '' : ` of ${host}`;
  const what = kind === 'external' ? 'a public address' : kind;
  return `address ${bare}${of} is ${what}; not allowed by ${ALLOWED_HOSTS_SETTING}`;
}
