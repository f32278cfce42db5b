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
