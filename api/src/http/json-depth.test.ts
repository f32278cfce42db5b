import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('nestsDeeperThan', () => {
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
