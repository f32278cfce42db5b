import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onShare, shareBucket } from './share-bucket.ts';

const keyHash = () => createHash('sha256').update(randomBytes(32)).digest('hex');

describe('shareBucket', () => {
  it('puts one key in one bucket for one release, and in others for other releases', () => {
    const key = keyHash();
    expect(shareBucket(key, 'release-a')).toBe(shareBucket(key, 'release-a'));
    const buckets = new Set(Array.from({ length: 50 }, (_, index) => shareBucket(key, `release-${index}`)));
    expect(buckets.size).toBeGreaterThan(20);
  });

  it('gives no session a share of 0 and every session a share of 100', () => {
    for (let index = 0; index < 200; index += 1) {
      const key = keyHash();
      expect(onShare(key, 'r', 0)).toBe(false);
      expect(onShare(key, 'r', 100)).toBe(true);
    }
  });

  it('spreads keys over every bucket', () => {
    const counts = new Array<number>(100).fill(0);
    for (let index = 0; index < 20_000; index += 1) {
      const bucket = shareBucket(keyHash(), 'r');
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    // 200 a bucket on average; fewer than 120 or more than 280 is beyond 5.6 standard deviations.
    expect(Math.min(...counts)).toBeGreaterThan(120);
    expect(Math.max(...counts)).toBeLessThan(280);
  });
});
