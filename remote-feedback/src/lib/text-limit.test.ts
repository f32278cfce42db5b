import { describe, expect, it } from 'vitest';
import { characterCount, limitNotice } from './text-limit.ts';

describe('limitNotice', () => {
  it('says nothing while there is plenty of room', () => {
    expect(limitNotice(0, 2000)).toBe('');
    expect(limitNotice(1799, 2000)).toBe('');
  });

  it('changes only when a step is crossed, so it is not read out on every key press', () => {
    expect(limitNotice(1800, 2000)).toBe('Fewer than 200 characters left.');
    expect(limitNotice(1949, 2000)).toBe('Fewer than 200 characters left.');
    expect(limitNotice(1950, 2000)).toBe('Fewer than 50 characters left.');
    expect(limitNotice(1999, 2000)).toBe('Fewer than 50 characters left.');
  });

  it('says when the limit is reached', () => {
    expect(limitNotice(2000, 2000)).toBe('You have reached the limit of 2000 characters.');
  });
});

describe('characterCount', () => {
  it('shows what is used out of the limit', () => {
    expect(characterCount(12, 2000)).toBe('12 / 2000 characters');
  });
});
