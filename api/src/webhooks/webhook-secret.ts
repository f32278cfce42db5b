import { randomBytes } from 'node:crypto';

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64, as receivers' libraries expect. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
