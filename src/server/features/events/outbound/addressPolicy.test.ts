import { describe, expect, it } from 'vitest';
import { blockedAddressReason, parseAllowList, plainlyBlockedUrlReason } from './addressPolicy.ts';

describe('blocked address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['169.254.10.1', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'special-purpose'],
    ['198.18.0.1', 'special-purpose'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback (IPv4 in IPv6)'],
    ['::ffff:7f00:1', 'loopback (IPv4 in IPv6)'],
    ['::ffff:169.254.169.254', 'cloud metadata (IPv4 in IPv6)'],
    ['::10.0.0.1', 'private (IPv4 in IPv6)'],
    ['64:ff9b::a00:1', 'private (IPv4 in IPv6)'],
    ['2002:7f00:1::', 'loopback (6to4)'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fc00::1', 'private (unique local)'],
    ['fd12:3456::1', 'private (unique local)'],
    ['fe80::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0::1', 'special-purpose (Teredo)'],
  ])('%s is %s', (ip, kind) => {
    expect(blockedAddressReason(ip)).toBe(`${kind} address ${ip}`);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::'])('%s is public', (ip) => {
    expect(blockedAddressReason(ip)).toBeNull();
  });

  it('the allow list opens hosts, single addresses and CIDRs, nothing more', () => {
    const allow = parseAllowList('127.0.0.1, 10.20.0.0/16 hooks.internal fd00::/8');
    expect(blockedAddressReason('127.0.0.1', allow)).toBeNull();
    expect(blockedAddressReason('127.0.0.2', allow)).toBe('loopback address 127.0.0.2');
    expect(blockedAddressReason('10.20.9.9', allow)).toBeNull();
    expect(blockedAddressReason('10.21.0.1', allow)).toBe('private address 10.21.0.1');
    expect(blockedAddressReason('fd12::1', allow)).toBeNull();
    expect(plainlyBlockedUrlReason('https://hooks.internal/x', allow)).toBeNull();
    expect(plainlyBlockedUrlReason('https://other.internal/x', allow)).toMatch(/internal host/);
    expect(() => parseAllowList('10.0.0.0/33')).toThrow(/not a valid CIDR/);
  });
});
