import { isIPv4, isIPv6 } from 'node:net';

/**
 * The block an address belongs to, as one network hands them out: a /24 for IPv4, a /56 for IPv6
 * (a home or office line is given one such block, and can change its address within it at will).
 * Limits counted by block make a flood from one network cost that network, not every candidate.
 * An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is its IPv4 block.
 */
export function addressBlock(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return address;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups].map(
    (group) => Number.parseInt(group, 16),
  );
  const kept = [groups[0] ?? 0, groups[1] ?? 0, groups[2] ?? 0, (groups[3] ?? 0) & 0xff00];
  return `${kept.map((group) => group.toString(16)).join(':')}::/56`;
}
