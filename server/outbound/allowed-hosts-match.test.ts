// isAllowed decides per (URL host, resolved address): classes and explicit
// addresses judge the address; host-name entries judge the name.
import { describe, expect, it } from 'vitest';
import { describeRefusal, isAllowed, parseAllowedHosts } from './allowed-hosts.js';

const allowed = (setting: string | undefined, hostname: string, address: string) =>
  isAllowed(parseAllowedHosts(setting), hostname, address);

describe('isAllowed', () => {
  it('by default allows public addresses only; cloud metadata and localhost are out', () => {
    for (const ip of ['8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(allowed(undefined, 'hooks.example.com', ip)).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '0.0.0.0',
      'fe80::1',
      '192.0.2.1',
      '224.0.0.1',
    ]) {
      expect(allowed(undefined, 'hooks.example.com', ip)).toBe(false);
    }
  });

  it('loopback allows loopback only', () => {
    for (const ip of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])
      expect(allowed('loopback', 'localhost', ip)).toBe(true);
    for (const ip of ['8.8.8.8', '10.0.0.1', '0.0.0.0']) expect(allowed('loopback', 'localhost', ip)).toBe(false);
    expect(allowed('loopback,external', 'x.example', '8.8.8.8')).toBe(true);
  });

  it('private allows RFC 1918, CGNAT and ULA, but not link-local', () => {
    for (const ip of ['10.9.8.7', '172.20.0.1', '192.168.0.10', '100.64.1.1', 'fd00::1', '::ffff:192.168.1.1']) {
      expect(allowed('private', 'ci.internal', ip)).toBe(true);
    }
    for (const ip of ['169.254.169.254', '127.0.0.1', '8.8.8.8'])
      expect(allowed('private', 'ci.internal', ip)).toBe(false);
  });

  it('* allows everything, even link-local', () => {
    expect(allowed('*', 'metadata', '169.254.169.254')).toBe(true);
    expect(allowed('*', '::', '::')).toBe(true);
  });

  it('explicit ranges and addresses allow what they cover, in IPv4-mapped form too', () => {
    expect(allowed('10.1.0.0/16', 'ci.internal', '10.1.2.3')).toBe(true);
    expect(allowed('10.1.0.0/16', 'ci.internal', '::ffff:10.1.2.3')).toBe(true);
    expect(allowed('10.1.0.0/16', 'ci.internal', '10.2.0.1')).toBe(false);
    expect(allowed('169.254.169.254', '169.254.169.254', '169.254.169.254')).toBe(true);
    expect(allowed('169.254.169.254', '169.254.169.253', '169.254.169.253')).toBe(false);
    expect(allowed('fd00::/8', 'ci.internal', 'fd12::1')).toBe(true);
    expect(allowed('fd00::/8', 'ci.internal', 'fc00::1')).toBe(false);
  });

  it('a host-name entry allows that host at any address, case- and trailing-dot-insensitively', () => {
    expect(allowed('hooks.example.com', 'hooks.example.com', '127.0.0.1')).toBe(true);
    expect(allowed('hooks.example.com', 'HOOKS.example.COM.', '10.0.0.1')).toBe(true);
    expect(allowed('hooks.example.com', 'other.example.com', '127.0.0.1')).toBe(false);
    // The entry names a host, not an address: a URL naming the IP directly is not covered.
    expect(allowed('localhost', '127.0.0.1', '127.0.0.1')).toBe(false);
  });

  it('a wildcard matches one or more labels but not the apex', () => {
    const list = parseAllowedHosts('*.example.com');
    expect(isAllowed(list, 'a.example.com', '10.0.0.1')).toBe(true);
    expect(isAllowed(list, 'a.b.example.com', '10.0.0.1')).toBe(true);
    expect(isAllowed(list, 'example.com', '10.0.0.1')).toBe(false);
    expect(isAllowed(list, 'badexample.com', '10.0.0.1')).toBe(false);
  });

  it('never allows something that is not an address unless everything is allowed', () => {
    expect(allowed('external,private,loopback', 'x.example', 'not-an-ip')).toBe(false);
  });
});

describe('describeRefusal', () => {
  it('names the address, the host it belongs to, its class and the setting', () => {
    expect(describeRefusal('localhost', '127.0.0.1')).toBe(
      'address 127.0.0.1 of localhost is loopback; not allowed by WHARF_WEBHOOK_ALLOWED_HOSTS',
    );
    expect(describeRefusal('169.254.169.254', '169.254.169.254')).toBe(
      'address 169.254.169.254 is link-local; not allowed by WHARF_WEBHOOK_ALLOWED_HOSTS',
    );
    expect(describeRefusal('[::1]', '::1')).toBe('address ::1 is loopback; not allowed by WHARF_WEBHOOK_ALLOWED_HOSTS');
    expect(describeRefusal('hooks.example.com', '8.8.8.8')).toBe(
      'address 8.8.8.8 of hooks.example.com is a public address; not allowed by WHARF_WEBHOOK_ALLOWED_HOSTS',
    );
  });
});
