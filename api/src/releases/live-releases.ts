import type { SectionRegistry } from '@assessment/core';
import type { LiveSection, Release, ReleaseStore, SectionReleases } from '../storage/releases/release-store.ts';
import { LIVE_POLL_MS } from './release-service.ts';
import { onShare } from './share-bucket.ts';

/** Federation name → the address of its `remoteEntry.js`: absolute, or a path on this server. */
export type RemoteLocations = Record<string, string>;

/** A session's `remotes.json`, and the release each of its remotes is, for the shell's health reports. */
export interface SessionRemotes {
  locations: RemoteLocations;
  /** Federation name → release id. */
  releases: Record<string, string>;
}

export interface LiveReleases {
  /** `remotes.json` as every instance serves it, from the database's live releases. */
  remotes(): RemoteLocations;
  /**
   * The releases a session opened now with this key gets: of each section, the release on a share
   * when the key falls in that share (`share-bucket.ts`), else the live one.
   */
  choose(keyHash: string, preview?: Release): SectionReleases;
  /**
   * `remotes.json` for the browser holding this key: its session's releases, chosen when it was
   * opened, except any marked broken since (the live one instead); for a key of no session yet,
   * what its session will be given; for no key, or a session from before releases were kept per
   * session, the live ones. A preview link's release (`release-previews.ts`) replaces its section's,
   * for whoever holds the link, broken or not: the team looks at what they asked for.
   */
  remotesOf(keyHash: string | undefined, preview?: Release): Promise<SessionRemotes>;
  /** Whether any section has a release on a share: a browser's set may change once it registers. */
  sharing(): boolean;
  /**
   * Origins other than this server's that any kept release may be served from: every hosted
   * release's, and the CDN's in front of uploaded ones. A page allows them all, so a page from an
   * instance that has not read a change yet still loads a `remotes.json` from one that has.
   */
  foreignOrigins(): string[];
  /** Reads the database now (after this instance changed it), instead of at the next poll. */
  refresh(): Promise<void>;
  stop(): void;
}

/** The entry's file in a release's manifest (`remoteEntry.js` for every build of `defineRemoteConfig`). */
function entryFile(manifest: string | null): string {
  if (!manifest) return 'remoteEntry.js';
  try {
    return (
      (JSON.parse(manifest) as { metaData?: { remoteEntry?: { name?: string } } }).metaData?.remoteEntry?.name ??
      'remoteEntry.js'
    );
  } catch {
    return 'remoteEntry.js';
  }
}

/** Where an uploaded release is served from: this server's `/remotes/`, or the CDN in front of it. */
export function uploadedEntry(sectionId: string, version: string, manifest: string | null, cdnUrl: string | undefined) {
  const base = cdnUrl ? cdnUrl.replace(/\/$/, '') : '/remotes';
  return `${base}/${sectionId}/${version}/${entryFile(manifest)}`;
}

/**
 * This instance's copy of the live releases, read from the database every `LIVE_POLL_MS`: a change
 * made through any instance is served by every one within a second or two, with no restart. While
 * the database cannot be read the last copy is kept (and that is logged once).
 */
export async function startLiveReleases(
  releases: ReleaseStore,
  sections: SectionRegistry,
  options: { cdnUrl: string | undefined; log: (message: string) => void },
): Promise<LiveReleases> {
  let remotes: RemoteLocations = {};
  let rows: LiveSection[] = [];
  let broken = new Set<string>();
  let origins: string[] = [];
  let failing = false;
  const cdnOrigin = options.cdnUrl ? new URL(options.cdnUrl).origin : undefined;
  /** Releases by id, as sessions name them; a release never changes but for its mark, read apart. */
  const known = new Map<string, Release>();
  const KNOWN_KEPT = 1000;

  const entryOf = (release: Release) =>
    release.kind === 'url' && release.entry_url
      ? release.entry_url
      : uploadedEntry(release.section_id, release.version, release.manifest, options.cdnUrl);

  function locations(found: LiveSection[]): RemoteLocations {
    const located: RemoteLocations = {};
    for (const section of sections.sections) {
      const release = found.find((row) => row.sectionId === section.id)?.release;
      if (release) located[section.remote.name] = entryOf(release);
    }
    return located;
  }

  function keep(release: Release) {
    if (known.size >= KNOWN_KEPT) known.delete(known.keys().next().value as string);
    known.set(release.release_id, release);
  }

  async function releaseById(releaseId: string): Promise<Release | undefined> {
    const kept = known.get(releaseId);
    if (kept) return kept;
    const found = await releases.releaseById(releaseId);
    if (found) keep(found);
    return found;
  }

  function choose(keyHash: string, preview?: Release): SectionReleases {
    const chosen: SectionReleases = {};
    // In the registry's order, which the review page shows them in.
    for (const section of sections.sections) {
      if (preview?.section_id === section.id) {
        chosen[section.id] = { release: preview.release_id, version: preview.version };
        continue;
      }
      const row = rows.find((one) => one.sectionId === section.id);
      if (!row) continue;
      const candidate = row.candidate && !broken.has(row.candidate.release_id) ? row.candidate : undefined;
      const release = candidate && onShare(keyHash, candidate.release_id, row.share) ? candidate : row.release;
      if (release) chosen[row.sectionId] = { release: release.release_id, version: release.version };
    }
    return chosen;
  }

  async function remotesFor(chosen: SectionReleases | null, preview?: Release): Promise<SessionRemotes> {
    const found: SessionRemotes = { locations: {}, releases: {} };
    for (const section of sections.sections) {
      const live = rows.find((row) => row.sectionId === section.id)?.release;
      const pinnedId = chosen?.[section.id]?.release;
      // A release pruned since, or rolled back as broken: the live one, at this very load.
      const pinned = pinnedId && !broken.has(pinnedId) ? await releaseById(pinnedId) : undefined;
      const release = (preview?.section_id === section.id ? preview : undefined) ?? pinned ?? live;
      if (!release) continue;
      found.locations[section.remote.name] = entryOf(release);
      found.releases[section.remote.name] = release.release_id;
    }
    return found;
  }

  async function remotesOf(keyHash: string | undefined, preview?: Release): Promise<SessionRemotes> {
    if (keyHash === undefined) return remotesFor(null, preview);
    const session = await releases.pinnedSession(keyHash);
    return remotesFor(session ? session.sectionReleases : choose(keyHash), preview);
  }

  async function refresh(): Promise<void> {
    try {
      const [found, hosted, marked] = await Promise.all([
        releases.liveSections(),
        releases.hostedOrigins(),
        releases.brokenReleases(),
      ]);
      rows = found;
      broken = new Set(marked);
      for (const row of found) {
        if (row.release) keep(row.release);
        if (row.candidate) keep(row.candidate);
      }
      remotes = locations(found);
      origins = [...new Set([...(cdnOrigin ? [cdnOrigin] : []), ...hosted])].sort();
      if (failing) options.log('Live releases: read again');
      failing = false;
    } catch (error) {
      if (!failing) options.log(`Live releases: keeping the last ones read: ${(error as Error).message}`);
      failing = true;
    }
  }

  await refresh();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => refresh().finally(next), LIVE_POLL_MS);
    timer.unref();
  };
  next();
  return {
    remotes: () => remotes,
    choose,
    remotesOf,
    sharing: () => rows.some((row) => row.candidate !== undefined && row.share > 0),
    foreignOrigins: () => origins,
    refresh,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
