import { ACCESS_SECRET_FORM } from '@assessment/core';

/**
 * The address a candidate opens, from the path the API gives (`/invite/<testId>-<token>`): on this
 * page's own origin, which is where the product serves the candidate's pages too. A path that
 * looks like another host (`//host/...`) still stays on this origin.
 */
export function absoluteLink(path: string, origin: string = window.location.origin): string {
  return new URL(`/${path.replace(/^[/\\]+/, '')}`, origin).href;
}

/**
 * The secret of a teammate's one-time link, from the address's fragment (`#<secret>`). A fragment
 * that does not hold a secret of the form the API makes holds none: a link cut or mangled on its
 * way, or the skip link's `#main` opened in a new tab. The page then says the address has no link
 * in it, instead of failing as it renders or asking the server about something it never made.
 */
export function accessSecretOf(fragment: string): string {
  let secret: string;
  try {
    secret = decodeURIComponent(fragment.replace(/^#/, ''));
  } catch {
    return '';
  }
  return ACCESS_SECRET_FORM.test(secret) ? secret : '';
}
