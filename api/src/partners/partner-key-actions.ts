import {
  GREENHOUSE_API_PREFIX,
  GREENHOUSE_CALLS,
  type GreenhouseCall,
  MAX_LIVE_PARTNER_KEYS,
  type PartnerKeyMade,
  type PartnerKeyView,
} from '@assessment/core';
import { iso } from '../admin/time.ts';
import type { PartnerStore, StoredPartnerKey } from '../storage/partners/partner-store.ts';
import { newPartnerKeyId, partnerKeyHash, partnerKeyOf } from './partner-keys.ts';

/**
 * Making a company's Greenhouse key, for the review page's admins and the operator's command
 * alike (`partner-key-cli.ts`), and what either is shown of the keys.
 */

/** A key that cannot be made, and why, in words for whoever asked. */
export class PartnerKeyRefused extends Error {
  override name = 'PartnerKeyRefused';
}

export const partnerKeyView = (key: StoredPartnerKey): PartnerKeyView => ({
  keyId: key.keyId,
  name: key.name,
  createdAt: iso(key.createdAt) as string,
  lastUsedAt: iso(key.lastUsedAt),
  revokedAt: iso(key.revokedAt),
});

/** The address of each call, to hand to Greenhouse with the key. */
export function greenhouseUrls(publicUrl: string): Record<GreenhouseCall, string> {
  return Object.fromEntries(
    GREENHOUSE_CALLS.map((call) => [call, new URL(`${GREENHOUSE_API_PREFIX}/${call}`, publicUrl).href]),
  ) as Record<GreenhouseCall, string>;
}

/** A new key of the company, named; the key itself is in this answer and nowhere else, ever. */
export async function makePartnerKey(
  partners: PartnerStore,
  secret: string | undefined,
  companyId: string,
  name: string,
  at: number,
): Promise<PartnerKeyMade> {
  if (!secret) {
    throw new PartnerKeyRefused(
      'Greenhouse keys need the operator setting PARTNER_KEY_SECRET (see DEPLOY.md, "Greenhouse"); none can be made until it is set',
    );
  }
  const keyId = newPartnerKeyId();
  const key = partnerKeyOf(secret, keyId);
  const stored = { keyId, companyId, name, keyHash: partnerKeyHash(key), createdAt: at };
  if ((await partners.addKey(stored, MAX_LIVE_PARTNER_KEYS)) === 'too-many') {
    throw new PartnerKeyRefused(
      `A company holds at most ${MAX_LIVE_PARTNER_KEYS} live Greenhouse keys: revoke one it no longer uses first`,
    );
  }
  return { ...partnerKeyView({ ...stored, lastUsedAt: null, revokedAt: null }), key };
}
