import { describe, expect, it } from 'vitest';
import { allowedLinkUrl, checkLinkUrl, LINK_REFUSED_MESSAGE } from './links.ts';

describe('link allowlist', () => {
  it.each([
    'http://example.com',
    'https://example.com/path?q=1#top',
    'HTTPS://EXAMPLE.COM',
    'mailto:ada@example.com',
    'mailto:ada@example.com?subject=Hello there',
    'tel:+44 20 7946 0000',
    'tel:123',
  ])('accepts %s as typed', (url) => {
    expect(checkLinkUrl(url)).toEqual({ ok: true, url });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example.com',
    'blob:https://example.com/1',
    'chrome://settings',
  ])('refuses %s with a message that names what is allowed', (url) => {
    expect(checkLinkUrl(url)).toEqual({ ok: false, message: LINK_REFUSED_MESSAGE });
  });

  it('refuses addresses hiding a scheme behind control characters', () => {
    expect(checkLinkUrl('java\tscript:alert(1)').ok).toBe(false);
    expect(checkLinkUrl('java\nscript:alert(1)').ok).toBe(false);
    expect(checkLinkUrl('https://ok.example\u0000').ok).toBe(false);
  });

  it('adds https:// to an address typed without a scheme, including one with a port', () => {
    expect(checkLinkUrl('example.com/docs')).toEqual({ ok: true, url: 'https://example.com/docs' });
    expect(checkLinkUrl('localhost:3000')).toEqual({ ok: true, url: 'https://localhost:3000' });
  });

  it('explains an empty or unreadable address', () => {
    expect(checkLinkUrl('  ')).toEqual({ ok: false, message: 'Enter a link address.' });
    expect(checkLinkUrl('https://')).toEqual({ ok: false, message: 'This is not a valid link address.' });
    expect(checkLinkUrl('http://exa mple.com')).toEqual({ ok: false, message: 'This is not a valid link address.' });
  });

  it('keeps links of stored or pasted HTML only with an allowed scheme, never a relative one', () => {
    expect(allowedLinkUrl('https://example.com')).toBe('https://example.com');
    expect(allowedLinkUrl(' mailto:a@b.example ')).toBe('mailto:a@b.example');
    expect(allowedLinkUrl('javascript:alert(1)')).toBeUndefined();
    expect(allowedLinkUrl('/relative/page')).toBeUndefined();
    expect(allowedLinkUrl('example.com')).toBeUndefined();
    expect(allowedLinkUrl(undefined)).toBeUndefined();
  });
});
