import { describe, expect, it } from 'vitest';
import { sectionFieldText } from './section-field.ts';

describe('a section record value as a reviewer reads it', () => {
  it('says when nothing was given, rather than showing a blank', () => {
    expect(sectionFieldText(null)).toBe('Not given');
    expect(sectionFieldText('')).toBe('Not given');
  });

  it('reads yes or no, numbers and text as they are', () => {
    expect(sectionFieldText(true)).toBe('Yes');
    expect(sectionFieldText(false)).toBe('No');
    expect(sectionFieldText(0)).toBe('0');
    expect(sectionFieldText('def add(a, b):\n  return a + b')).toBe('def add(a, b):\n  return a + b');
  });
});
