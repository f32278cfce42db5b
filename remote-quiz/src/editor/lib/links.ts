import { ANSWER_LINK_SCHEMES } from '@assessment/core';

/**
 * Which link targets an answer may hold: the schemes agreed with the server in @assessment/core.
 * A `javascript:` or `data:` link in an answer would run in the hiring company's browser.
 */

/** As `URL.protocol` writes them. */
export const ALLOWED_LINK_SCHEMES = ANSWER_LINK_SCHEMES.map((scheme) => `${scheme}:`);
const KNOWN_SCHEME = new RegExp(`^(${ANSWER_LINK_SCHEMES.join('|')}):`, 'i');

export const LINK_REFUSED_MESSAGE = 'Only web (http or https), e-mail (mailto) and phone (tel) links can be added.';

export type LinkCheck = { ok: true; url: string } | { ok: false; message: string };

/** Control characters would let `java\tscript:` slip past a reader less strict than URL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** `localhost:3000` has no scheme: a colon followed by a port number is not one. */
function hasScheme(text: string): boolean {
  return KNOWN_SCHEME.test(text) || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text);
}

/**
 * Checks what a candidate typed or pasted as a link address. A bare `example.com` gets `https://`,
 * as people rarely type the scheme; anything with another scheme is refused.
 */
export function checkLinkUrl(input: string): LinkCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: 'Enter a link address.' };
  if (hasControlCharacter(trimmed)) return { ok: false, message: 'This is not a valid link address.' };
  const candidate = hasScheme(trimmed) ? trimmed : `https://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return { ok: false, message: 'This is not a valid link address.' };
  }
  if (!ALLOWED_LINK_SCHEMES.includes(parsed.protocol)) {
    return { ok: false, message: LINK_REFUSED_MESSAGE };
  }
  if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.hostname) {
    return { ok: false, message: 'This is not a valid link address.' };
  }
  // The typed form is kept (URL would rewrite it), once it is known to parse with a good scheme.
  return { ok: true, url: candidate };
}

/** For links found in stored or pasted HTML: the address when it may be kept, else undefined. */
export function allowedLinkUrl(href: string | undefined): string | undefined {
  if (href === undefined || !hasScheme(href.trim())) return undefined;
  const check = checkLinkUrl(href);
  return check.ok ? check.url : undefined;
}
