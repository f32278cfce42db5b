import { isIPv4, isIPv6 } from 'node:net';

/** An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) as IPv4; any other address as it is. */
function unmapped(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/** An IPv6 address's first `count` groups of 16 bits, however it is written (`::` expanded). */
function ipv6Groups(ip: string, count: number): number[] {
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups].map(
    (group) => Number.parseInt(group, 16),
  );
  return Array.from({ length: count }, (_, index) => groups[index] ?? 0);
}

const hex = (groups: number[]) => groups.map((group) => group.toString(16)).join(':');

/**
 * The block an address belongs to, as one network hands them out: a /24 for IPv4, a /56 for IPv6
 * (a home or office line is given one such block, and can change its address within it at will).
 * Limits counted by block make a flood from one network cost that network, not every candidate.
 * An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is its IPv4 block.
 */
export function addressBlock(address: string): string {
  const ip = unmapped(address);
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return address;
  const [first = 0, second = 0, third = 0, fourth = 0] = ipv6Groups(ip, 4);
  return `${hex([first, second, third, fourth & 0xff00])}::/56`;
}

/**
 * What a limit counted by address counts: an IPv4 address, or an IPv6 /64. A machine on IPv6 picks
 * any address of its /64 at will (temporary addresses), so counting single IPv6 addresses would
 * give one guesser as many fresh counts as it likes.
 */
export function limitedAddress(address: string): string {
  const ip = unmapped(address);
  if (!isIPv6(ip)) return ip;
  return `${hex(ipv6Groups(ip, 4))}::/64`;
}
