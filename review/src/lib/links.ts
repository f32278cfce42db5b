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
 * that is not valid percent-encoding (a link cut or mangled on its way) holds no secret: the page
 * says the address has no link in it, instead of failing as it renders.
 */
export function accessSecretOf(fragment: string): string {
  try {
    return decodeURIComponent(fragment.replace(/^#/, ''));
  } catch {
    return '';
  }
}
