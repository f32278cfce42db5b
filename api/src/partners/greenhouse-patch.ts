import type { StoredDelivery } from '../storage/deliveries/delivery-store.ts';
import type { PartnerStore } from '../storage/partners/partner-store.ts';
import type { OutwardRequest } from '../webhooks/webhook-post.ts';
import { basicAuthorization, matchesKeyHash, partnerKeyOf } from './partner-keys.ts';

/**
 * Why Greenhouse's `url` is not one to send a `PATCH` to, or null when it is. Greenhouse's own
 * addresses are https; plain http only where the operator lets calls reach private addresses
 * (`WEBHOOK_ALLOW_PRIVATE`: tests, private deployments). Whether the address is private is told
 * when it is called, after DNS, as for webhooks (`webhooks/webhook-post.ts`).
 */
export function greenhouseTargetProblem(url: string, allowPrivate: boolean): string | null {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return 'is not an address';
  }
  if (protocol === 'https:' || (protocol === 'http:' && allowPrivate)) return null;
  return allowPrivate ? 'must be an http or https address' : 'must be an https address';
}

export interface GreenhousePatchDeps {
  partners: PartnerStore;
  /** `PARTNER_KEY_SECRET`, from which the key is derived again (`partner-keys.ts`). */
  partnerKeySecret: string | undefined;
  webhookAllowPrivate: boolean;
}

/**
 * The `PATCH` of a queued Greenhouse delivery, as Greenhouse's docs show it: no body, and the key
 * the test was sent with as HTTP Basic, as Greenhouse's own calls carry it. Only that key: once it
 * is revoked, no other of the company's keys goes to an address its holder gave. `unsendable`
 * says why there is nothing to send.
 */
export async function greenhousePatch(
  delivery: StoredDelivery,
  { partners, partnerKeySecret, webhookAllowPrivate }: GreenhousePatchDeps,
): Promise<OutwardRequest | { unsendable: string }> {
  const test = delivery.invitationId ? await partners.greenhouseInvitation(delivery.invitationId) : undefined;
  if (!test || test.erasedAt !== null) return { unsendable: 'the candidate was erased' };
  const problem = greenhouseTargetProblem(test.url, webhookAllowPrivate);
  if (problem) return { unsendable: `Greenhouse's address ${problem}` };
  const key = await partners.key(test.keyId);
  if (!key || key.revokedAt !== null) return { unsendable: 'the Greenhouse key that sent this test was revoked' };
  if (!partnerKeySecret)
    return { unsendable: 'the operator has not set PARTNER_KEY_SECRET, so the key cannot be sent' };
  const value = partnerKeyOf(partnerKeySecret, key.keyId);
  if (!matchesKeyHash(value, key.keyHash)) {
    return {
      unsendable: 'PARTNER_KEY_SECRET changed after this key was made: make a new key and give it to Greenhouse',
    };
  }
  return {
    url: test.url,
    method: 'PATCH',
    headers: { authorization: basicAuthorization(value), 'user-agent': 'assessment-greenhouse', 'content-length': '0' },
  };
}
