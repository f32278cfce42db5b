import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ReleaseKey, ReleaseStore } from '../storage/releases/release-store.ts';

/** What the database keeps of a key: its SHA-256 (a key is 192 random bits, so no slow hash is needed). */
export const releaseKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * A new key for a section team: printed once by the command that makes it, never stored itself.
 * It names its section, so a team can tell its keys apart; what it may do is the database's row.
 */
export async function addReleaseKey(
  store: ReleaseStore,
  input: { sectionId: string; name: string; now: number; contact?: string | null },
): Promise<{ key: string; record: ReleaseKey }> {
  const key = `rk_${input.sectionId}_${randomBytes(24).toString('base64url')}`;
  const record: ReleaseKey = {
    key_id: randomUUID(),
    section_id: input.sectionId,
    name: input.name,
    created_at: input.now,
    revoked_at: null,
    contact: input.contact ?? null,
  };
  await store.addKey({ ...record, keyHash: releaseKeyHash(key) });
  return { key, record };
}
