import { describe, expect, it } from 'vitest';
import { absoluteLink, accessSecretOf } from './links.ts';

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

describe('the secret of a one-time link', () => {
  it('is the fragment, decoded', () => {
    expect(accessSecretOf('#abc-DEF_123')).toBe('abc-DEF_123');
    expect(accessSecretOf('#a%2Bb')).toBe('a+b');
    expect(accessSecretOf('')).toBe('');
  });

  it('is none when the fragment is not valid percent-encoding', () => {
    expect(accessSecretOf('#%E0')).toBe('');
    expect(accessSecretOf('#abc%')).toBe('');
  });
});
