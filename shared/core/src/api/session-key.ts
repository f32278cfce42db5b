/**
 * A new session key: 32 random bytes, base64url (43 characters). Made in the browser with the
 * session id, so a registration that is retried after a lost answer still carries the same key.
 */
export function newSessionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
