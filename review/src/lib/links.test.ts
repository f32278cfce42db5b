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
  const secret = 'Jq3x_-9aZk0LmNoPqRsTuVwXyZ0123456789abcdEFG';

  it('is the fragment, decoded', () => {
    expect(accessSecretOf(`#${secret}`)).toBe(secret);
    expect(accessSecretOf(`#${secret.replace('_', '%5F')}`)).toBe(secret);
  });

  it('is none when the fragment is not valid percent-encoding', () => {
    expect(accessSecretOf('#%E0')).toBe('');
    expect(accessSecretOf(`#${secret}%`)).toBe('');
  });

  it('is none when the fragment is not of the form the API makes', () => {
    expect(accessSecretOf('')).toBe('');
    expect(accessSecretOf('#main')).toBe('');
    expect(accessSecretOf(`#${secret.slice(0, 30)}`)).toBe('');
    expect(accessSecretOf(`#${secret}A`)).toBe('');
    expect(accessSecretOf(`#${secret.slice(1)}+`)).toBe('');
  });
});
