import { createHash, randomBytes } from 'node:crypto';
import type { SectionRegistry } from '@assessment/core';
import type { Actor, Release, ReleaseStore } from '../storage/releases/release-store.ts';
import { ReleaseRefusal } from './release-refusal.ts';

/** The longest a preview link opens its release: the "expires within 24 hours". */
export const PREVIEW_HOURS_MAX = 24;

/** A token is 192 random bits: kept by its SHA-256 only, like a release key, with no slow hash needed. */
export const previewTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const TOKEN_PATTERN = /^pv_[A-Za-z0-9_-]{32}$/;

/** What a preview link opens now: its release, or why it opens nothing. */
export type OpenedPreview =
  | { state: 'open'; sectionId: string; release: Release; expiresAt: number }
  | { state: 'expired'; sectionId: string; expiresAt: number }
  /** Unknown or altered (no such token), or its release is no longer kept. */
  | { state: 'unknown' };

/**
 * Links that open a release before any candidate gets it (`pnpm release preview`). Whoever holds
 * one gets that release of its section, and the live set otherwise; a session opened with one is
 * a preview, kept out of every list, count, export and webhook (DEPLOY.md, "Preview").
 */
export function createReleasePreviews(deps: {
  releases: ReleaseStore;
  sections: SectionRegistry;
  now: () => number;
  publicUrl: string;
}) {
  async function give(sectionId: string, version: string, options: { actor: Actor; hours: number }) {
    if (!deps.sections.sections.some((section) => section.id === sectionId)) {
      throw new ReleaseRefusal(404, `There is no section "${sectionId}"`);
    }
    if (!Number.isInteger(options.hours) || options.hours < 1 || options.hours > PREVIEW_HOURS_MAX) {
      throw new ReleaseRefusal(400, `A preview link opens for 1 to ${PREVIEW_HOURS_MAX} whole hours`);
    }
    const release = await deps.releases.release(sectionId, version);
    if (!release) throw new ReleaseRefusal(404, `There is no ${sectionId} release ${version}`);
    const token = `pv_${randomBytes(24).toString('base64url')}`;
    const at = deps.now();
    const expiresAt = at + options.hours * 3_600_000;
    await deps.releases.addPreview(
      {
        tokenHash: previewTokenHash(token),
        sectionId,
        releaseId: release.release_id,
        createdAt: at,
        expiresAt,
        actor: options.actor.name,
      },
      {
        kind: 'previewed',
        at,
        actor: options.actor,
        release: { releaseId: release.release_id, version: release.version },
        reason: `a preview link until ${new Date(expiresAt).toISOString()}`,
      },
    );
    const url = new URL(`/preview/${token}`, deps.publicUrl).href;
    return { url, expiresAt, release };
  }

  async function open(token: string | undefined): Promise<OpenedPreview> {
    if (!token || !TOKEN_PATTERN.test(token)) return { state: 'unknown' };
    const found = await deps.releases.previewByHash(previewTokenHash(token));
    if (!found?.release) return { state: 'unknown' };
    if (deps.now() >= found.expiresAt)
      return { state: 'expired', sectionId: found.sectionId, expiresAt: found.expiresAt };
    return { state: 'open', sectionId: found.sectionId, release: found.release, expiresAt: found.expiresAt };
  }

  return { give, open };
}

export type ReleasePreviews = ReturnType<typeof createReleasePreviews>;
