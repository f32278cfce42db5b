import { describe, expect, it } from 'vitest';
import { depthScanner } from './json-depth.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nestsDeeperThan = (body: Uint8Array, max?: number) => depthScanner(max)(body);

describe('depthScanner, over a whole body', () => {
  it('passes the nesting a real payload has', () => {
    const payload = { answers: ['<p>[[{{</p>', '', ''], proctoring: { perQuestion: [{ pastes: [{ at: 1 }] }] } };
    // The object, proctoring, perQuestion, its item, pastes, a paste: 6 deep.
    expect(nestsDeeperThan(bytes(JSON.stringify(payload)), 6)).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify(payload)), 5)).toBe(true);
  });

  it('refuses half a million nested arrays, and counts no bracket inside a string', () => {
    expect(nestsDeeperThan(bytes(`${'['.repeat(500_000)}${']'.repeat(500_000)}`))).toBe(true);
    expect(nestsDeeperThan(bytes(JSON.stringify({ text: '['.repeat(100) })))).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ text: 'a \\" [[[[ quote' })))).toBe(false);
  });

  it('sees brackets again after an escaped quote ends no string', () => {
    const text = JSON.stringify({ a: '\\', b: [[[[[1]]]]] });
    expect(nestsDeeperThan(bytes(text), 6)).toBe(false);
    expect(nestsDeeperThan(bytes(text), 5)).toBe(true);
  });
});

describe('depthScanner', () => {
  it('carries strings, escapes and depth across chunks, wherever a chunk ends', () => {
    const text = JSON.stringify({ a: 'x\\" [[[[[[', b: [[[[1]]]] });
    for (let cut = 1; cut < text.length; cut += 1) {
      const deep = depthScanner(4);
      const shallow = depthScanner(5);
      const parts = [bytes(text.slice(0, cut)), bytes(text.slice(cut))];
      expect(parts.some((part) => deep(part))).toBe(true);
      expect(parts.some((part) => shallow(part))).toBe(false);
    }
  });
});

/** The scan as plainly as it can be written, a byte at a time, for the fast one to agree with. */
function referenceDepths(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const character of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (character === '\\') escaped = true;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '[' || character === '{') {
      depth += 1;
      if (depth > max) return true;
    } else if (character === ']' || character === '}') depth -= 1;
  }
  return false;
}

describe('depthScanner, against a byte-at-a-time scan', () => {
  it('agrees on any mix of quotes, escapes and brackets, cut into any chunks', () => {
    // mulberry32: a seeded generator, so a failure names a text that fails again.
    let seed = 42;
    const random = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      return ((mixed ^ (mixed >>> 14)) >>> 0) % below;
    };
    const alphabet = ['"', '\\', '[', ']', '{', '}', 'a', ' '];
    for (let round = 0; round < 3000; round += 1) {
      const text = Array.from({ length: 1 + random(40) }, () => alphabet[random(alphabet.length)]).join('');
      const max = 1 + random(4);
      const scan = depthScanner(max);
      let found = false;
      for (let at = 0; at < text.length && !found; ) {
        const size = 1 + random(8);
        found = scan(bytes(text.slice(at, at + size)));
        at += size;
      }
      expect(found, JSON.stringify({ text, max })).toBe(referenceDepths(text, max));
    }
  });
});
