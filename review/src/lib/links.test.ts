import { describe, expect, it } from 'vitest';
import { absoluteLink } from './links.ts';

describe('candidate links', () => {
  it('are the API path on the page origin', () => {
    expect(absoluteLink('/invite/thd0wtfl-abcdefghijklmnopqrstuvwxyz', 'https://assess.example')).toBe(
      'https://assess.example/invite/thd0wtfl-abcdefghijklmnopqrstuvwxyz',
    );
    expect(absoluteLink('/invite/thd0wtfl', 'http://localhost:8226')).toBe('http://localhost:8226/invite/thd0wtfl');
  });

  it('never leave the origin, whatever the path holds', () => {
    expect(absoluteLink('//evil.example/invite/x', 'https://assess.example')).toBe(
      'https://assess.example/evil.example/invite/x',
    );
    expect(absoluteLink('\\\\evil.example/x', 'https://assess.example')).toBe('https://assess.example/evil.example/x');
  });
});
