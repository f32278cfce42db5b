import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SectionDefinition, SectionRegistry } from '@assessment/core';
import { remoteFolder } from '@assessment/core/deploy';
import { refusedReleasePath, releaseLabel, releaseVersion } from '@assessment/core/releases';
import { parseRemoteLocations } from '../remote-locations.ts';
import type { ReleaseBlobStore } from '../storage/releases/release-blobs.ts';
import type {
  Actor,
  HistoryEntry,
  LiveSection,
  Release,
  ReleaseFile,
  ReleaseStore,
} from '../storage/releases/release-store.ts';
import {
  checkHostedRelease,
  checkListedFilesPresent,
  checkManifest,
  parseManifest,
  type RemoteManifest,
  requiredFiles,
  type ShellContract,
} from './release-checks.ts';
import { ReleaseRefusal } from './release-refusal.ts';
import { type ArrivedFile, contentHashOf, readReleaseUpload, sha256 } from './release-upload.ts';
import { rollbackTarget } from './rollback-target.ts';

/** How often every instance reads the live releases: each serves a change within this and a query's time. */
export const LIVE_POLL_MS = 1000;
/**
 * How long a release hosted on an origin no page allowed yet waits before it goes live: every
 * instance's next read adds the origin to its pages' Content-Security-Policy first, so a page from
 * one instance loads the `remotes.json` of another.
 */
export const NEW_ORIGIN_LEAD_MS = 2.5 * LIVE_POLL_MS;
const HISTORY_LIMIT = 500;

export interface ReleaseServiceDeps {
  releases: ReleaseStore;
  blobs: ReleaseBlobStore;
  sections: SectionRegistry;
  /** The live shell's contract, or undefined when this server has no shell build to read it from. */
  shellContract: () => ShellContract | undefined;
  now: () => number;
  /** The product's origin, for which a hosted release must carry CORS. */
  publicOrigin: string;
  maxBytes: number;
  /** Hosted releases may be on private, loopback and link-local addresses (tests, private deployments). */
  allowPrivateUrls: boolean;
  log: (message: string) => void;
}

export interface ReleaseView {
  version: string;
  label: string;
  kind: 'files' | 'url';
  contractVersion: number | null;
  bytes: number;
  releasedAt: string;
  releasedBy: string;
}

export interface StatusView {
  section: string;
  live: (ReleaseView & { since: string; by: string | null }) | null;
  /** The release new sessions get at `share` percent instead of the live one, and its next stage, if it has stages. */
  candidate: (ReleaseView & { share: number; next: { share: number; at: string } | null }) | null;
  /** The latest rollback among the section's recent history (an automatic one says its figures). */
  lastRollback: HistoryView | null;
  /** Whom that rollback was told (an automatic one's team, at its keys' contacts), and whether it went. */
  told: { to: string; state: string }[];
}

/** Shares a release on a share goes on to by itself, one every `everyMs` (a whole number of minutes). */
export interface StagePlan {
  shares: number[];
  everyMs: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** History entries `status` looks through for the latest rollback. */
const STATUS_HISTORY = 20;

export interface HistoryView {
  seq: number;
  at: string;
  kind: HistoryEntry['kind'];
  version: string | null;
  previousVersion: string | null;
  by: string;
  key: string | null;
  reason: string | null;
}

export const releaseView = (release: Release): ReleaseView => ({
  version: release.version,
  label: release.label,
  kind: release.kind,
  contractVersion: release.contract_version,
  bytes: release.bytes,
  releasedAt: new Date(release.created_at).toISOString(),
  releasedBy: release.created_by,
});

const historyView = (entry: HistoryEntry): HistoryView => ({
  seq: entry.seq,
  at: new Date(entry.at).toISOString(),
  kind: entry.kind,
  version: entry.version,
  previousVersion: entry.previous_version,
  by: entry.actor,
  key: entry.key_id,
  reason: entry.reason,
});

/** Files of a build folder that a release takes, as the release command packs them (`release/src/pack.ts`). */
export function buildFolderFiles(folder: string): ArrivedFile[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => !refusedReleasePath(name) && fs.lstatSync(path.join(folder, name)).isFile())
    .map((name) => {
      const bytes = fs.readFileSync(path.join(folder, name));
      return { path: name, bytes, hash: sha256(bytes) };
    });
}

/**
 * Section releases as the API offers them: each checked before it is stored, stored before it can
 * go live, and made live by a compare-and-set of the section's row; every step and refusal in the
 * section's history.
 */
export function createReleaseService(deps: ReleaseServiceDeps) {
  const { releases, blobs, sections, now } = deps;

  function sectionOf(sectionId: string): SectionDefinition {
    const section = sections.byId(sectionId);
    if (!section) throw new ReleaseRefusal(404, `There is no section "${sectionId}"`);
    return section;
  }

  function shell(): ShellContract {
    const contract = deps.shellContract();
    if (!contract) {
      throw new ReleaseRefusal(
        503,
        'This server has no shell build (shell/dist/shell-contract.json), so no release can be checked against the live shell',
      );
    }
    return contract;
  }

  /** Runs `work`; a refusal is written to the section's history before it is answered. */
  async function noting<T>(
    sectionId: string,
    actor: Actor,
    work: () => Promise<T>,
    version?: () => string | undefined,
  ) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ReleaseRefusal && sections.byId(sectionId)) {
        await releases.note(sectionId, {
          kind: 'refused',
          at: now(),
          actor,
          reason: error.message,
          version: version?.(),
        });
      }
      throw error;
    }
  }

  async function store(release: Release, files: readonly ArrivedFile[]) {
    // Every file is stored before the release names it: a release cut short names nothing half there.
    for (const file of files) await blobs.put(file.hash, file.bytes);
    const list: ReleaseFile[] = files.map((file) => ({ path: file.path, blob: file.hash, bytes: file.bytes.length }));
    return releases.recordRelease(release, list);
  }

  function newRelease(
    section: SectionDefinition,
    fields: Pick<Release, 'kind' | 'entry_url' | 'manifest' | 'contract_version' | 'bytes'> & {
      label: string;
      hash: string;
    },
    actor: Actor,
  ): Release {
    const label = releaseLabel(fields.label);
    return {
      release_id: randomUUID(),
      section_id: section.id,
      version: releaseVersion(label, fields.hash),
      label,
      content_hash: fields.hash,
      kind: fields.kind,
      entry_url: fields.entry_url,
      entry_origin: fields.entry_url ? new URL(fields.entry_url).origin : null,
      manifest: fields.manifest,
      contract_version: fields.contract_version,
      bytes: fields.bytes,
      created_at: now(),
      created_by: actor.name,
      key_id: actor.keyId,
      broken_at: null,
      broken_reason: null,
    };
  }

  /** An uploaded build, checked whole: its files, its manifest against the registry and the live shell. */
  async function upload(
    sectionId: string,
    body: NodeJS.ReadableStream,
    options: { label: string; gzipped: boolean; actor: Actor },
  ) {
    const section = sectionOf(sectionId);
    let version: string | undefined;
    return noting(
      sectionId,
      options.actor,
      async () => {
        const files = await readReleaseUpload(body, { maxBytes: deps.maxBytes, gzipped: options.gzipped });
        const hash = contentHashOf(files);
        version = releaseVersion(releaseLabel(options.label), hash);
        const manifestFile = files.find((file) => file.path === 'mf-manifest.json');
        if (!manifestFile)
          throw new ReleaseRefusal(422, 'The upload has no mf-manifest.json beside its remoteEntry.js');
        const manifest = parseManifest(manifestFile.bytes.toString('utf8'));
        checkManifest(manifest, section, shell());
        checkListedFilesPresent(manifest, new Set(files.map((file) => file.path)));
        const release = newRelease(
          section,
          {
            kind: 'files',
            entry_url: null,
            manifest: manifestFile.bytes.toString('utf8'),
            contract_version: manifest.metaData.sectionContractVersion ?? null,
            bytes: files.reduce((sum, file) => sum + file.bytes.length, 0),
            label: options.label,
            hash,
          },
          options.actor,
        );
        return store(release, files);
      },
      () => version,
    );
  }

  /** A release a team hosts itself, checked over HTTP as a candidate's browser would fetch it. */
  async function hosted(sectionId: string, address: string, options: { label: string; actor: Actor }) {
    const section = sectionOf(sectionId);
    return noting(sectionId, options.actor, async () => {
      const entry = checkedAddress(address);
      const { manifest, files } = await checkHostedRelease(entry, {
        origin: deps.publicOrigin,
        maxBytes: deps.maxBytes,
        allowPrivate: deps.allowPrivateUrls,
      });
      checkManifest(manifest, section, shell());
      const hash = contentHashOf(files.map((file) => ({ path: file.path, hash: sha256(file.body) })));
      const release = newRelease(
        section,
        {
          kind: 'url',
          entry_url: entry.href,
          manifest: JSON.stringify(manifest),
          contract_version: manifest.metaData.sectionContractVersion ?? null,
          bytes: files.reduce((sum, file) => sum + file.body.length, 0),
          label: options.label,
          hash,
        },
        options.actor,
      );
      return releases.recordRelease(release, []);
    });
  }

  function checkedAddress(address: string): URL {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new ReleaseRefusal(400, `"${address}" is not an address`);
    }
    const secureOnly = deps.publicOrigin.startsWith('https:');
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !secureOnly)) {
      throw new ReleaseRefusal(
        400,
        `${address} must be an https:// address: the product's pages are served over HTTPS`,
      );
    }
    if (url.search || url.hash || url.username)
      throw new ReleaseRefusal(400, `${address} must be a plain address, with no query`);
    return url;
  }

  /** Whether a stored release can be live under the shell as it is now: promotions and rollbacks check again. */
  async function checkStillServable(release: Release): Promise<void> {
    const section = sectionOf(release.section_id);
    if (release.kind === 'url' && release.entry_url) {
      const { manifest, files } = await checkHostedRelease(new URL(release.entry_url), {
        origin: deps.publicOrigin,
        maxBytes: deps.maxBytes,
        allowPrivate: deps.allowPrivateUrls,
      });
      checkManifest(manifest, section, shell());
      const hash = contentHashOf(files.map((file) => ({ path: file.path, hash: sha256(file.body) })));
      // One imported unchecked at first start was never fetched: there is nothing to compare with.
      if (release.manifest !== null && hash !== release.content_hash) {
        throw new ReleaseRefusal(
          422,
          `The files at ${release.entry_url} changed since ${release.version} was released`,
        );
      }
      return;
    }
    if (release.manifest === null) return;
    const manifest: RemoteManifest = parseManifest(release.manifest);
    checkManifest(manifest, section, shell());
    const files = new Map((await releases.files(release.release_id)).map((file) => [file.path, file.blob]));
    for (const file of requiredFiles(manifest)) {
      const blob = files.get(file);
      if (!blob || !(await blobs.has(blob)))
        throw new ReleaseRefusal(422, `${file} of ${release.version} is no longer stored`);
    }
  }

  async function live(sectionId: string) {
    const found = (await releases.liveSections()).find((row) => row.sectionId === sectionId);
    return {
      revision: found?.revision ?? 0,
      release: found?.release,
      candidate: found?.candidate,
      share: found?.share ?? 0,
    };
  }

  /** Waits until every instance allows a new hosted release's origin (`NEW_ORIGIN_LEAD_MS`). */
  async function originLead(target: Release) {
    const wait = target.created_at + NEW_ORIGIN_LEAD_MS - now();
    if (target.entry_origin && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  function checkStages(percent: number, stages: StagePlan) {
    let last = percent;
    for (const next of stages.shares) {
      checkShare(next);
      if (next <= last) {
        throw new ReleaseRefusal(
          400,
          `Each stage raises the share: ${stages.shares.join(', ')} after ${percent} does not`,
        );
      }
      last = next;
    }
    if (!Number.isInteger(stages.everyMs / MINUTE_MS) || stages.everyMs < MINUTE_MS || stages.everyMs > DAY_MS) {
      throw new ReleaseRefusal(400, 'Stages are a whole number of minutes apart, from 1 to 1440');
    }
  }

  /**
   * The health watch's step for a release on a share with stages: once the next is due, it goes
   * on to it (100: live), if nothing changed meanwhile. False when nothing was due or another
   * instance did it first.
   */
  async function advanceStage(row: LiveSection): Promise<boolean> {
    const { candidate, release: liveRelease, stages } = row;
    const [next, ...rest] = stages?.shares ?? [];
    if (!candidate || !liveRelease || !stages || next === undefined || now() < stages.nextAt) return false;
    const actor: Actor = { name: 'stages', keyId: null };
    await checkStillServable(candidate);
    if (next === 100) {
      const made = await releases.promote(row.sectionId, candidate.release_id, row.revision, {
        kind: 'promoted',
        at: now(),
        actor,
        reason: `its last stage, reached while healthy (it was on ${row.share}%)`,
      });
      return made.done;
    }
    const set = await releases.setCandidate(
      row.sectionId,
      { releaseId: candidate.release_id, share: next },
      row.revision,
      {
        kind: 'shared',
        at: now(),
        actor,
        release: { releaseId: candidate.release_id, version: candidate.version },
        reason: `${next}% of new sessions, its next stage, reached while healthy; the others get ${liveRelease.version}`,
      },
      undefined,
      rest.length > 0 ? { shares: rest, everyMs: stages.everyMs, nextAt: now() + stages.everyMs } : undefined,
    );
    return set.done;
  }

  function checkShare(share: number) {
    if (!Number.isInteger(share) || share < 1 || share > 100) {
      throw new ReleaseRefusal(400, `A share is a whole percentage from 1 to 100, not ${share}`);
    }
  }

  /**
   * Gives a stored release to `share` percent of the sessions opened from now on; the others get
   * the live one. 100 makes it live. The sessions opened before keep what they have.
   */
  async function share(
    sectionId: string,
    version: string,
    percent: number,
    options: { from: string | null | undefined; actor: Actor; stages?: StagePlan | undefined },
  ) {
    sectionOf(sectionId);
    checkShare(percent);
    if (options.stages) checkStages(percent, options.stages);
    const target = await releases.release(sectionId, version);
    if (!target) throw new ReleaseRefusal(404, `There is no ${sectionId} release ${version}`);
    if (percent === 100)
      return { ...(await makeLive(sectionId, target, { ...options, kind: 'promoted' })), share: 100 };
    return noting(
      sectionId,
      options.actor,
      async () => {
        const current = await live(sectionId);
        const currentVersion = current.release?.version ?? null;
        if (options.from !== undefined && options.from !== currentVersion) {
          throw new ReleaseRefusal(
            409,
            `The live ${sectionId} release is ${currentVersion ?? 'none'}, not ${options.from ?? 'none'}: it changed meanwhile`,
          );
        }
        if (!current.release) {
          throw new ReleaseRefusal(409, `No ${sectionId} release is live yet: make one live for every candidate first`);
        }
        if (current.release.release_id === target.release_id) {
          throw new ReleaseRefusal(409, `${sectionId} ${version} is live for every candidate already`);
        }
        if (current.candidate?.release_id === target.release_id && current.share === percent) {
          return { release: target, changed: false, share: percent };
        }
        await checkStillServable(target);
        await originLead(target);
        const set = await releases.setCandidate(
          sectionId,
          { releaseId: target.release_id, share: percent },
          current.revision,
          {
            kind: 'shared',
            at: now(),
            actor: options.actor,
            release: { releaseId: target.release_id, version: target.version },
            reason: `${percent}% of new sessions; the others get ${currentVersion}${options.stages ? `; then ${options.stages.shares.join('%, ')}% by itself, every ${options.stages.everyMs / MINUTE_MS} minutes while healthy` : ''}`,
          },
          undefined,
          options.stages ? { ...options.stages, nextAt: now() + options.stages.everyMs } : undefined,
        );
        if (!set.done)
          throw new ReleaseRefusal(409, `The ${sectionId} releases changed meanwhile; nothing was changed`);
        return { release: target, changed: true, share: percent };
      },
      () => target.version,
    );
  }

  /** Raises the share of the release on a share (to 100 by default: then it is live). */
  async function promoteShare(sectionId: string, options: { share: number | undefined; actor: Actor }) {
    sectionOf(sectionId);
    const current = await live(sectionId);
    const candidate = current.candidate;
    if (!candidate) throw new ReleaseRefusal(409, `No ${sectionId} release is on a share of candidates`);
    const percent = options.share ?? 100;
    checkShare(percent);
    if (percent <= current.share) {
      throw new ReleaseRefusal(
        409,
        `${candidate.version} is on ${current.share}% already: a promotion raises the share`,
      );
    }
    return share(sectionId, candidate.version, percent, {
      from: current.release?.version ?? null,
      actor: options.actor,
    });
  }

  /**
   * Makes a stored release live, if what is live is still `from` (the version the caller saw; null
   * for none): a compare-and-set in the database, so a team never replaces a release it has not seen.
   */
  async function makeLive(
    sectionId: string,
    target: Release,
    options: {
      from: string | null | undefined;
      actor: Actor;
      kind: 'promoted' | 'rolled-back';
      reason?: string;
      /** The release a rollback replaces, marked broken. */
      breaks?: Release;
    },
  ) {
    return noting(
      sectionId,
      options.actor,
      async () => {
        const current = await live(sectionId);
        const currentVersion = current.release?.version ?? null;
        if (options.from !== undefined && options.from !== currentVersion) {
          throw new ReleaseRefusal(
            409,
            `The live ${sectionId} release is ${currentVersion ?? 'none'}, not ${options.from ?? 'none'}: it changed meanwhile`,
          );
        }
        if (current.release?.release_id === target.release_id) return { release: target, changed: false };
        await checkStillServable(target);
        await originLead(target);
        // A release imported unchecked (REMOTES_JSON at a first start) was never checked against the
        // shell: once replaced, its sessions move on too, as from a broken one.
        const unchecked = current.release?.manifest === null ? current.release : undefined;
        const breaking = options.breaks ?? unchecked;
        const promoted = await releases.promote(
          sectionId,
          target.release_id,
          current.revision,
          { kind: options.kind, at: now(), actor: options.actor, reason: options.reason },
          breaking
            ? {
                releaseId: breaking.release_id,
                reason: options.breaks
                  ? `rolled back by ${options.actor.name}: ${options.reason ?? ''}`
                  : 'replaced; it was imported unchecked',
              }
            : undefined,
        );
        if (!promoted.done) {
          throw new ReleaseRefusal(409, `The live ${sectionId} release changed meanwhile; nothing was changed`);
        }
        return { release: target, changed: true };
      },
      () => target.version,
    );
  }

  async function promote(
    sectionId: string,
    version: string,
    options: { from: string | null | undefined; actor: Actor },
  ) {
    sectionOf(sectionId);
    const target = await releases.release(sectionId, version);
    if (!target) throw new ReleaseRefusal(404, `There is no ${sectionId} release ${version}`);
    return makeLive(sectionId, target, { ...options, kind: 'promoted' });
  }

  async function rollback(
    sectionId: string,
    options: { to: string | undefined; from: string | null | undefined; actor: Actor; reason?: string },
  ) {
    sectionOf(sectionId);
    const current = await live(sectionId);
    if (current.candidate && !options.to) return withdraw(sectionId, current, options);
    let target: Release | undefined;
    if (options.to) {
      target = await releases.release(sectionId, options.to);
      if (!target) throw new ReleaseRefusal(404, `There is no ${sectionId} release ${options.to}`);
    } else {
      const id = rollbackTarget(await releases.history(sectionId, HISTORY_LIMIT), current.release?.release_id);
      target = id ? (await releases.releases(sectionId)).find((release) => release.release_id === id) : undefined;
      if (!target) throw new ReleaseRefusal(409, `There is no earlier ${sectionId} release to roll back to`);
    }
    return makeLive(sectionId, target, {
      from: options.from,
      actor: options.actor,
      kind: 'rolled-back',
      reason: options.reason ?? `from ${current.release?.version ?? 'none'}`,
      breaks: current.release,
    });
  }

  /**
   * Takes the release on a share away from new sessions and marks it broken: the sessions that
   * had it get the live one at their next section load.
   */
  async function withdraw(
    sectionId: string,
    current: Awaited<ReturnType<typeof live>>,
    options: { from: string | null | undefined; actor: Actor; reason?: string; figures?: string },
  ) {
    const candidate = current.candidate as Release;
    return noting(sectionId, options.actor, async () => {
      if (!current.release) throw new ReleaseRefusal(409, `No ${sectionId} release is live`);
      const liveRelease = current.release;
      const liveVersion = liveRelease.version;
      if (options.from !== undefined && options.from !== liveVersion && options.from !== candidate.version) {
        throw new ReleaseRefusal(409, `The ${sectionId} releases changed meanwhile: nothing was changed`);
      }
      const reason = options.reason ?? `${candidate.version} taken off its ${current.share}% share`;
      const set = await releases.setCandidate(
        sectionId,
        null,
        current.revision,
        {
          kind: 'rolled-back',
          at: now(),
          actor: options.actor,
          release: { releaseId: candidate.release_id, version: candidate.version },
          reason,
        },
        {
          releaseId: candidate.release_id,
          reason: `rolled back by ${options.actor.name}: ${reason}`,
          tell:
            options.figures === undefined
              ? undefined
              : {
                  sectionId,
                  version: candidate.version,
                  liveVersion,
                  figures: options.figures,
                  at: now(),
                },
        },
      );
      if (!set.done) throw new ReleaseRefusal(409, `The ${sectionId} releases changed meanwhile; nothing was changed`);
      return { release: liveRelease, changed: true };
    });
  }

  /**
   * The health watch's rollback: the release on a share, if it still is, is taken off it and
   * marked broken, with the figures in the history. False when another instance did it first.
   */
  async function rollBackUnhealthy(sectionId: string, releaseId: string, figures: string): Promise<boolean> {
    const current = await live(sectionId);
    if (current.candidate?.release_id !== releaseId) return false;
    try {
      await withdraw(sectionId, current, {
        from: undefined,
        actor: { name: 'automatic rollback', keyId: null },
        reason: `unhealthy: ${figures}`,
        figures,
      });
      return true;
    } catch (error) {
      if (error instanceof ReleaseRefusal && error.status === 409) return false;
      throw error;
    }
  }

  async function status(): Promise<StatusView[]> {
    const rows = await releases.liveSections();
    const rollbacks = await Promise.all(
      sections.sections.map(async (section) => {
        const entry = (await releases.history(section.id, STATUS_HISTORY)).findLast(
          (one) => one.kind === 'rolled-back',
        );
        return { entry, told: entry?.release_id ? await releases.told(entry.release_id) : [] };
      }),
    );
    return sections.sections.map((section, index) => {
      const row = rows.find((one) => one.sectionId === section.id);
      const rollback = rollbacks[index];
      return {
        lastRollback: rollback?.entry ? historyView(rollback.entry) : null,
        told: rollback?.told ?? [],
        section: section.id,
        live: row?.release
          ? { ...releaseView(row.release), since: new Date(row.changedAt).toISOString(), by: row.changedBy }
          : null,
        candidate: row?.candidate
          ? {
              ...releaseView(row.candidate),
              share: row.share,
              next:
                row.stages?.shares[0] === undefined
                  ? null
                  : { share: row.stages.shares[0], at: new Date(row.stages.nextAt).toISOString() },
            }
          : null,
      };
    });
  }

  async function history(sectionId: string): Promise<HistoryView[]> {
    sectionOf(sectionId);
    return (await releases.history(sectionId, HISTORY_LIMIT)).map(historyView);
  }

  /**
   * At start, each section no release was ever made live for gets its first: the address
   * `REMOTES_JSON` names for it (a deployment from before releases), else the build in its remote's
   * folder (`pnpm start` on a fresh clone). Imported as they were served before, unchecked, and
   * said so in the history. Instances starting together import the same content: one makes it live.
   */
  async function importFirst({ repoRoot, remotesFile }: { repoRoot: string; remotesFile: string | undefined }) {
    const rows = await releases.liveSections();
    const locations =
      remotesFile && fs.existsSync(remotesFile) ? parseRemoteLocations(fs.readFileSync(remotesFile, 'utf8')) : {};
    const actor: Actor = { name: 'first start', keyId: null };
    for (const section of sections.sections) {
      const row = rows.find((one) => one.sectionId === section.id);
      if (row && row.revision > 0) continue;
      const named = locations[section.remote.name];
      let stored: { release: Release } | undefined;
      let reason: string;
      if (named && /^https?:\/\//.test(named)) {
        const release = newRelease(
          section,
          {
            kind: 'url',
            entry_url: named,
            manifest: null,
            contract_version: null,
            bytes: 0,
            label: 'remotes-json',
            hash: sha256(named),
          },
          actor,
        );
        stored = await releases.recordRelease(release, []);
        reason = `imported unchecked from REMOTES_JSON: ${named}`;
      } else {
        const folder = path.join(repoRoot, remoteFolder(section), 'dist');
        if (!fs.existsSync(path.join(folder, 'remoteEntry.js'))) {
          deps.log(
            `${remoteFolder(section)}/dist is not built and no ${section.id} release is live: the section will not load`,
          );
          continue;
        }
        const files = buildFolderFiles(folder);
        const manifestFile = files.find((file) => file.path === 'mf-manifest.json');
        const manifest = manifestFile ? parseManifest(manifestFile.bytes.toString('utf8')) : undefined;
        const release = newRelease(
          section,
          {
            kind: 'files',
            entry_url: null,
            manifest: manifestFile ? manifestFile.bytes.toString('utf8') : null,
            contract_version: manifest?.metaData.sectionContractVersion ?? null,
            bytes: files.reduce((sum, file) => sum + file.bytes.length, 0),
            label: 'first-start',
            hash: contentHashOf(files),
          },
          actor,
        );
        stored = await store(release, files);
        reason = `imported unchecked from the build in ${remoteFolder(section)}/dist`;
      }
      await releases.promote(section.id, stored.release.release_id, 0, { kind: 'imported', at: now(), actor, reason });
    }
  }

  return {
    upload,
    hosted,
    promote,
    share,
    promoteShare,
    rollback,
    rollBackUnhealthy,
    advanceStage,
    status,
    history,
    importFirst,
    sectionOf,
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
