// Every kind of address the allow-list distinguishes, including the disguises
// an attacker would try: IPv4-mapped IPv6, NAT64, zone ids, brackets.
import { describe, expect, it } from 'vitest';
import { classifyAddress, type AddressClass } from './address-class.js';

const CASES: [string, AddressClass][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.3.4', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['100.127.255.255', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['::ffff:10.1.2.3', 'private'],
  ['169.254.169.254', 'link-local'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.9', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['2002:7f00:1::1', 'reserved'],
  ['::7f00:1', 'reserved'],
  ['fec0::1', 'reserved'],
  ['8.8.8.8', 'external'],
  ['1.1.1.1', 'external'],
  ['172.32.0.1', 'external'],
  ['100.128.0.1', 'external'],
  ['::ffff:8.8.8.8', 'external'],
  ['64:ff9b::808:808', 'external'],
  ['2606:4700::1111', 'external'],
  ['2a00:1450:4001:80b::200e', 'external'],
];

describe('classifyAddress', () => {
  it.each(CASES)('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it('rejects what is not an IP address', () => {
    expect(() => classifyAddress('localhost')).toThrow(TypeError);
    expect(() => classifyAddress('1.2.3')).toThrow(/not an IP address/);
  });
});
