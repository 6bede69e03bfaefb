// Which addresses upload?url= may reach (decision 009).
import { describe, expect, it } from 'vitest';
import { createAddressPolicy, isPublicAddress, normalizeIp } from './addressPolicy';

describe('address policy', () => {
  it('refuses loopback, private, shared, link-local, multicast and reserved addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
      '2002:7f00:1::',
      'not an address',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
  });

  it('accepts public unicast, IPv4-mapped public addresses included', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    expect(normalizeIp('[::ffff:7f00:1]')).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('opens what the allow-list names: addresses, CIDRs (IPv4 and IPv6) and host names', () => {
    const policy = createAddressPolicy(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'Files.Local']);
    expect(policy.allows('a', '127.0.0.1')).toBe(true);
    expect(policy.allows('a', '::ffff:127.0.0.1')).toBe(true);
    expect(policy.allows('a', '127.0.0.2')).toBe(false);
    expect(policy.allows('a', '10.200.0.1')).toBe(true);
    expect(policy.allows('a', 'fd12::1')).toBe(true);
    expect(policy.allows('files.local', '192.168.0.5')).toBe(true);
    expect(policy.allows('other.local', '192.168.0.5')).toBe(false);
    expect(policy.allows('a', '8.8.8.8')).toBe(true);
    expect(() => createAddressPolicy(['files.local/8'])).toThrow(/UPLOAD_URL_ALLOW/);
  });
});
