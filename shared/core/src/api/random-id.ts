/**
 * A random id for a recording or a device check: 32 hex digits, valid for every id the API takes.
 * `crypto.randomUUID` exists only in secure contexts, and the device check must also report from
 * an insecure one, so this uses `getRandomValues`, which exists everywhere.
 */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
