import { ACCESS_LINK_PATH, type Teammate } from '@assessment/core';
import { absoluteLink } from '../../../lib/links.ts';

/** The link a teammate opens to set their password: the secret in the fragment, which no server or log sees. */
export const accessLinkOf = (secret: string, origin?: string) => absoluteLink(`${ACCESS_LINK_PATH}#${secret}`, origin);

/** Where a teammate stands, as the admin reads it. */
export function teammateState(teammate: Teammate, dateTime: (at: string) => string): string {
  if (teammate.active) return 'Can sign in';
  if (teammate.linkExpiresAt)
    return `Has not set a password yet; their link works until ${dateTime(teammate.linkExpiresAt)}`;
  return 'No password and no working link: reset their access for a new link';
}
