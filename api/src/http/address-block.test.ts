import { describe, expect, it } from 'vitest';
import { addressBlock, limitedAddress } from './address-block.ts';

describe('addressBlock', () => {
  it('gives an IPv4 address its /24, also when written as IPv6', () => {
    expect(addressBlock('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressBlock('203.0.113.2')).toBe(addressBlock('203.0.113.250'));
    expect(addressBlock('203.0.114.2')).not.toBe(addressBlock('203.0.113.2'));
    expect(addressBlock('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
  });

  it('gives an IPv6 address its /56, however it is written', () => {
    expect(addressBlock('2001:db8:ab:cd12::1')).toBe('2001:db8:ab:cd00::/56');
    expect(addressBlock('2001:0db8:00ab:cdff:ffff:ffff:ffff:ffff')).toBe('2001:db8:ab:cd00::/56');
    expect(addressBlock('2001:db8:ab:ce00::1')).not.toBe(addressBlock('2001:db8:ab:cd00::1'));
    expect(addressBlock('::1')).toBe('0:0:0:0::/56');
  });

  it('leaves what is no address as it is', () => {
    expect(addressBlock('unix-socket')).toBe('unix-socket');
  });
});

describe('limitedAddress', () => {
  it('counts an IPv6 address by its /64, where its machine picks addresses at will', () => {
    expect(limitedAddress('2001:db8:ab:cd12::1')).toBe('2001:db8:ab:cd12::/64');
    expect(limitedAddress('2001:db8:ab:cd12:ffff:1:2:3')).toBe(limitedAddress('2001:db8:ab:cd12::9'));
    expect(limitedAddress('2001:db8:ab:cd13::1')).not.toBe(limitedAddress('2001:db8:ab:cd12::1'));
  });

  it('counts an IPv4 address alone, also when written as IPv6, and leaves what is no address', () => {
    expect(limitedAddress('203.0.113.77')).toBe('203.0.113.77');
    expect(limitedAddress('::ffff:203.0.113.77')).toBe('203.0.113.77');
    expect(limitedAddress('unix-socket')).toBe('unix-socket');
  });
});
