// WHARF_WEBHOOK_ALLOWED_HOSTS is read once at start; a typo must stop the
// server with a message naming the entry rather than silently allow or deny.
import { describe, expect, it } from 'vitest';
import { parseAllowedHosts } from './allowed-hosts.js';

describe('parseAllowedHosts', () => {
  it('defaults to external when unset or blank', () => {
    for (const raw of [undefined, '', '  ', ' , ']) {
      const list = parseAllowedHosts(raw);
      expect(list.all).toBe(false);
      expect([...list.classes]).toEqual(['external']);
      expect(list.hosts.size + list.hostSuffixes.length).toBe(0);
    }
  });

  it('reads keywords case-insensitively, ignoring whitespace around entries', () => {
    const list = parseAllowedHosts(' Loopback ,PRIVATE,  external ');
    expect([...list.classes].sort()).toEqual(['external', 'loopback', 'private']);
    expect(list.all).toBe(false);
    // Naming classes replaces the default rather than adding to it.
    expect([...parseAllowedHosts('loopback').classes]).toEqual(['loopback']);
  });

  it('reads * as everything', () => {
    expect(parseAllowedHosts('*').all).toBe(true);
    expect(parseAllowedHosts('external').all).toBe(false);
  });

  it('reads CIDR ranges and single addresses of both families', () => {
    const list = parseAllowedHosts('10.1.0.0/16, fd00::/8, 192.168.7.7, ::1, [fe80::5]');
    expect(list.addresses.check('10.1.200.3', 'ipv4')).toBe(true);
    expect(list.addresses.check('10.2.0.1', 'ipv4')).toBe(false);
    expect(list.addresses.check('fd99::1', 'ipv6')).toBe(true);
    expect(list.addresses.check('fc00::1', 'ipv6')).toBe(false);
    expect(list.addresses.check('192.168.7.7', 'ipv4')).toBe(true);
    expect(list.addresses.check('192.168.7.8', 'ipv4')).toBe(false);
    expect(list.addresses.check('::1', 'ipv6')).toBe(true);
    expect(list.addresses.check('fe80::5', 'ipv6')).toBe(true);
    expect(list.classes.size).toBe(0);
  });

  it('reads host names and leading wildcards, lower-cased without a trailing dot', () => {
    const list = parseAllowedHosts('Hooks.Example.COM., *.ci.example.org, localhost, my_host-1.internal');
    expect([...list.hosts].sort()).toEqual(['hooks.example.com', 'localhost', 'my_host-1.internal']);
    expect(list.hostSuffixes).toEqual(['.ci.example.org']);
  });

  it.each([
    ['10.0.0.0/99', /prefix length must be 0 to 32/],
    ['fd00::/129', /prefix length must be 0 to 128/],
    ['10.0.0.0/', /prefix length/],
    ['10.0.0.0/8x', /prefix length/],
    ['1.2.3', /not an IP address/],
    ['300.1.1.1', /not an IP address/],
    ['hooks.example.com:8080', /no URLs or ports/],
    ['https://hooks.example.com', /no URLs or ports/],
    ['foo..bar', /empty label/],
    ['.example.com', /empty label/],
    ['foo.*.com', /wildcard/],
    ['*example.com', /wildcard/],
    ['*.*.example.com', /wildcard/],
    ['exa mple.com', /not a valid host name label/],
    ['-bad.example.com', /not a valid host name label/],
    ['bücher.example', /not a valid host name label/],
  ])('rejects %s', (entry, why) => {
    const attempt = () => parseAllowedHosts(`external, ${entry}`);
    expect(attempt).toThrow(why);
    expect(attempt).toThrow(`WHARF_WEBHOOK_ALLOWED_HOSTS: invalid entry ${JSON.stringify(entry)}`);
  });
});
