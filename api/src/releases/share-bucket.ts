import { createHash } from 'node:crypto';

/**
 * Whether a session with this key gets the release on a share of `share` percent. The key's hash
 * is the hash of 256 random bits, so its bucket is uniform; hashed with the release's id, the
 * sessions on one release's share are not those on the next. The same key always falls in the
 * same bucket, so the set a browser is served before its registration reaches the server is the
 * set its registration keeps (when the share has not changed meanwhile).
 */
export function shareBucket(keyHash: string, releaseId: string): number {
  return createHash('sha256').update(`${releaseId}:${keyHash}`).digest().readUInt32BE(0) % 100;
}

export function onShare(keyHash: string, releaseId: string, share: number): boolean {
  return shareBucket(keyHash, releaseId) < share;
}
