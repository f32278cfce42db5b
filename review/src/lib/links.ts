/**
 * The address a candidate opens, from the path the API gives (`/invite/<testId>-<token>`): on this
 * page's own origin, which is where the product serves the candidate's pages too. A path that
 * looks like another host (`//host/...`) still stays on this origin.
 */
export function absoluteLink(path: string, origin: string = window.location.origin): string {
  return new URL(`/${path.replace(/^[/\\]+/, '')}`, origin).href;
}
