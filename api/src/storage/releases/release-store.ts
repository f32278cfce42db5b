import type { Selectable } from 'kysely';
import { type Db, type DeliveryJobs, defineWrites, type WriteContext } from '../db/database.ts';
import type { ReleaseHistoryTable, ReleaseKeysTable, ReleasesTable } from '../db/schema.ts';
import type { Storage } from '../db/storage.ts';
import { queueDelivery } from '../deliveries/delivery-store.ts';

/**
 * Section releases in the database every instance shares (`migrations/0027-releases.ts`,
 * `0031-rollouts.ts`): the releases themselves, which never change but for a mark as broken; the
 * live release of each section and the one on a share of new sessions, changed only by a
 * compare-and-set; the history, append only; the section teams' keys; each session's releases;
 * and what browsers reported of each release.
 */

export type Release = Selectable<ReleasesTable>;
export type ReleaseFile = { path: string; blob: string; bytes: number };
export type HistoryKind = ReleaseHistoryTable['kind'];
export type HistoryEntry = Selectable<ReleaseHistoryTable>;
export type ReleaseKey = Omit<Selectable<ReleaseKeysTable>, 'key_hash'>;

/** Who did something: a key's name and id, the operator's admin token, or the server's first start. */
export interface Actor {
  name: string;
  keyId: string | null;
}

export interface LiveSection {
  sectionId: string;
  revision: number;
  changedAt: number;
  changedBy: string | null;
  release: Release | undefined;
  /** The release new sessions get at `share` percent instead of the live one. */
  candidate: Release | undefined;
  share: number;
  /** Where the candidate goes by itself next; null when only a person moves it. */
  stages: ShareStages | null;
}

/** The shares a release on a share is raised to by itself, one every `everyMs` while it stays healthy. */
export interface ShareStages {
  /** Increasing percentages; 100 makes it live. */
  shares: number[];
  everyMs: number;
  /** When the next one is due. */
  nextAt: number;
}

/** A release marked broken, or no longer: the sessions that had it move to the live one. */
export interface Breaking {
  releaseId: string;
  reason: string;
  /** Its section's teams are told, at their keys' contact addresses: an automatic rollback's. */
  tell?: RollbackNotice;
}

/** What a section team is told of a release rolled back by itself (`mail/messages.ts`, `releaseRollbackMail`). */
export interface RollbackNotice {
  sectionId: string;
  version: string;
  liveVersion: string;
  figures: string;
  at: number;
}

/**
 * Delivered outside every company's lane and log: a company id no catalogue has (a company's id
 * is a slug, `companyIdOf` in `shared/core/src/catalogue/companies.ts`), so a section team's message never waits behind a
 * company's stalled webhook, and no company's admins see it.
 */
export const SECTION_TEAMS = '#section-teams';

/** A link that opens a release before it is live, for whoever holds it, until `expiresAt`. */
export interface ReleasePreview {
  tokenHash: string;
  sectionId: string;
  releaseId: string;
  createdAt: number;
  expiresAt: number;
  actor: string;
}

/** A count of one kind of report about one release. */
export interface HealthCount {
  releaseId: string;
  kind: string;
  count: number;
}

/** The release of each section one session has, by section id: its id, and its version for people to read. */
export type SectionReleases = Record<string, { release: string; version: string }>;

/** What a session key's session has: null for a session from before releases were kept per session. */
export interface PinnedSession {
  sessionId: string;
  sectionReleases: SectionReleases | null;
  /** The release a preview link opened it to; null for a candidate's session. */
  previewReleaseId: string | null;
}

export interface HistoryNote {
  kind: HistoryKind;
  at: number;
  actor: Actor;
  release?: { releaseId: string; version: string } | undefined;
  /** A refusal's or a rollback's why. */
  reason?: string | undefined;
  /** The version a refusal was about, when it got that far. */
  version?: string | undefined;
}

export type Promotion =
  | { done: true; revision: number; previous: Release | undefined }
  /** The live release changed since `fromRevision` was read: nothing was written. */
  | { done: false };

export interface ReleaseStore {
  /** Every section that has a row: its live release and revision. */
  liveSections(): Promise<LiveSection[]>;
  /** Origins of the releases hosted elsewhere that are kept: a page allows them all. */
  hostedOrigins(): Promise<string[]>;
  releases(sectionId: string): Promise<Release[]>;
  files(releaseId: string): Promise<ReleaseFile[]>;
  history(sectionId: string, limit: number): Promise<HistoryEntry[]>;
  /**
   * Stores a release checked already (with its files' list) and its `released` entry; a release of
   * the same version is not stored again: that one is answered, with `existing`.
   */
  recordRelease(release: Release, files: ReleaseFile[]): Promise<{ release: Release; existing: boolean }>;
  /**
   * Makes `releaseId` the section's live release if the live one is still what `fromRevision`
   * read, and writes the entry (`promoted`, `rolled-back` or `imported`) in the same transaction.
   * The release is no longer broken, nor on a share if it was; `breaks` marks another broken (the
   * one a rollback replaces).
   */
  promote(
    sectionId: string,
    releaseId: string,
    fromRevision: number,
    note: Omit<HistoryNote, 'release'>,
    breaks?: Breaking,
  ): Promise<Promotion>;
  /**
   * Sets the release new sessions get at `share` percent (none: `releaseId` null, share 0) if the
   * section's row is still at `fromRevision`, with its history entry; `breaks` marks a release
   * withdrawn from its share broken in the same transaction. `stages` are where it goes by itself
   * next; without them, any plan it had ends.
   */
  setCandidate(
    sectionId: string,
    candidate: { releaseId: string; share: number } | null,
    fromRevision: number,
    note: Omit<HistoryNote, 'release'> & { release?: { releaseId: string; version: string } },
    breaks?: Breaking,
    stages?: ShareStages,
  ): Promise<Promotion>;
  release(sectionId: string, version: string): Promise<Release | undefined>;
  releaseById(releaseId: string): Promise<Release | undefined>;
  /** Ids of the releases marked broken. */
  brokenReleases(): Promise<string[]>;
  /**
   * Keeps the session's releases, unless it has some already; `previewReleaseId` marks a session
   * opened through a preview link to that release (kept out of every list and count).
   */
  pinSession(sessionId: string, sectionReleases: SectionReleases, previewReleaseId?: string): Promise<void>;
  /** Keeps a preview link (by its token's hash) and its `previewed` history entry. */
  addPreview(preview: ReleasePreview, note: HistoryNote): Promise<void>;
  /** The preview link of this token's hash, expired or not, with its release while that is kept. */
  previewByHash(tokenHash: string): Promise<(ReleasePreview & { release: Release | undefined }) | undefined>;
  /** The session this key opened, with its releases; undefined for none. */
  pinnedSession(keyHash: string): Promise<PinnedSession | undefined>;
  /** Adds browsers' reports to each release's counts. */
  addHealth(counts: readonly HealthCount[]): Promise<void>;
  /** Each kind's count of these releases. */
  health(releaseIds: readonly string[]): Promise<HealthCount[]>;
  /** Writes an entry that changes nothing live: a refusal. */
  note(sectionId: string, note: HistoryNote): Promise<void>;
  addKey(key: ReleaseKey & { keyHash: string }): Promise<void>;
  /** The key of this hash while it is not revoked. */
  keyByHash(keyHash: string): Promise<ReleaseKey | undefined>;
  keys(): Promise<ReleaseKey[]>;
  /** True when the key existed and was not revoked yet. */
  revokeKey(keyId: string, at: number): Promise<boolean>;
  /**
   * Deletes releases of the section not live, not among its newest `keep`, and made before `before`;
   * their history entries stay. Returns the versions deleted.
   */
  pruneReleases(sectionId: string, keep: number, before: number): Promise<string[]>;
  /** Of these file hashes, those some release still names. */
  namedBlobs(hashes: readonly string[]): Promise<Set<string>>;
  /** Whom the automatic rollback of this release was told, and how far each message got. */
  told(releaseId: string): Promise<{ to: string; state: string }[]>;
}

/** The section's row, made at its first release or refusal; its count numbers the history. */
async function sectionRow(db: Db, sectionId: string, now: number) {
  await db
    .insertInto('release_sections')
    .values({
      section_id: sectionId,
      live_release_id: null,
      revision: 0,
      changed_at: now,
      changed_by: null,
      history_count: 0,
    })
    .onConflict((conflict) => conflict.column('section_id').doNothing())
    .execute();
}

async function appendHistory(db: Db, sectionId: string, note: HistoryNote, previous?: Release): Promise<void> {
  await sectionRow(db, sectionId, note.at);
  // The row's lock (PostgreSQL) or the one writer (SQLite) hands out each number once.
  const counted = await db
    .updateTable('release_sections')
    .set((eb) => ({ history_count: eb('history_count', '+', 1) }))
    .where('section_id', '=', sectionId)
    .returning('history_count')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('release_history')
    .values({
      section_id: sectionId,
      seq: counted.history_count,
      at: note.at,
      kind: note.kind,
      release_id: note.release?.releaseId ?? null,
      version: note.release?.version ?? note.version ?? null,
      previous_release_id: previous?.release_id ?? null,
      previous_version: previous?.version ?? null,
      actor: note.actor.name,
      key_id: note.actor.keyId,
      reason: note.reason ?? null,
    })
    .execute();
}

const releaseOf = (db: Db, sectionId: string, version: string) =>
  db
    .selectFrom('releases')
    .selectAll()
    .where('section_id', '=', sectionId)
    .where('version', '=', version)
    .executeTakeFirst();

/** Rows of a statement at most: a release of many files is written in slices. */
const FILES_PER_INSERT = 200;

/** A release, its files and its `released` entry, in the caller's transaction; fails on a version stored already. */
async function storeRelease(db: Db, release: Release, files: ReleaseFile[]) {
  const stored = await releaseOf(db, release.section_id, release.version);
  if (stored) return { release: stored, existing: true };
  await db.insertInto('releases').values(release).execute();
  for (let start = 0; start < files.length; start += FILES_PER_INSERT) {
    await db
      .insertInto('release_files')
      .values(files.slice(start, start + FILES_PER_INSERT).map((file) => ({ release_id: release.release_id, ...file })))
      .execute();
  }
  await appendHistory(db, release.section_id, {
    kind: 'released',
    at: release.created_at,
    actor: { name: release.created_by, keyId: release.key_id },
    release: { releaseId: release.release_id, version: release.version },
  });
  return { release, existing: false };
}

/** Marks a release broken (with why), or no longer (`reason` null). */
/** A release id is a UUID: no `%` or `_` of its own for `like` to read as a pattern. */
const rollbackKeyPrefix = (releaseId: string) => `release-rollback:${releaseId}:`;

/**
 * Queues the notice to every contact of the section's keys not revoked, in the rollback's own
 * transaction: told once per release and address, by whichever instance made the rollback.
 */
async function tellTeams(db: Db, jobs: DeliveryJobs, releaseId: string, notice: RollbackNotice) {
  const contacts = await db
    .selectFrom('release_keys')
    .select('contact')
    .distinct()
    .where('section_id', '=', notice.sectionId)
    .where('revoked_at', 'is', null)
    .where('contact', 'is not', null)
    .execute();
  for (const { contact } of contacts) {
    await queueDelivery(db, jobs, {
      idempotencyKey: `${rollbackKeyPrefix(releaseId)}${contact}`,
      kind: 'release',
      recipient: contact as string,
      invitationId: null,
      sessionId: null,
      at: notice.at,
      payload: JSON.stringify(notice),
      companyId: SECTION_TEAMS,
    });
  }
}

async function markBroken(db: Db, releaseId: string, reason: string | null, at: number) {
  await db
    .updateTable('releases')
    .set({ broken_at: reason === null ? null : at, broken_reason: reason })
    .where('release_id', '=', releaseId)
    .execute();
}

export const releaseWrites = defineWrites({
  async recordRelease(context: WriteContext, release: Release, files: ReleaseFile[]) {
    // Two instances storing the same version at once (both importing one build at their first start):
    // the database's unique version keeps one, and the other is answered with it.
    const stored = await context
      .atomically((db) => storeRelease(db, release, files))
      .catch(async (error: unknown) => {
        if (!context.dialect.isUniqueViolation(error)) throw error;
        return undefined;
      });
    if (stored) return stored;
    const existing = await releaseOf(context.db, release.section_id, release.version);
    if (!existing) throw new Error(`Release ${release.version} of ${release.section_id} is neither stored nor new`);
    return { release: existing, existing: true };
  },

  async promoteRelease(
    context: WriteContext,
    sectionId: string,
    releaseId: string,
    fromRevision: number,
    note: Omit<HistoryNote, 'release'>,
    breaks?: Breaking,
  ): Promise<Promotion> {
    return context.atomically(async (db) => {
      await sectionRow(db, sectionId, note.at);
      const release = await db
        .selectFrom('releases')
        .selectAll()
        .where('release_id', '=', releaseId)
        .executeTakeFirst();
      if (!release || release.section_id !== sectionId)
        throw new Error(`There is no release ${releaseId} of ${sectionId}`);
      const before = await db
        .selectFrom('release_sections as s')
        .leftJoin('releases as r', 'r.release_id', 's.live_release_id')
        .select(['s.revision', 's.candidate_release_id', 'r.release_id', 'r.version'])
        .where('s.section_id', '=', sectionId)
        .executeTakeFirstOrThrow();
      const wasCandidate = before.candidate_release_id === releaseId;
      const changed = await db
        .updateTable('release_sections')
        .set({
          live_release_id: releaseId,
          revision: fromRevision + 1,
          changed_at: note.at,
          changed_by: note.actor.name,
          ...(wasCandidate ? { candidate_release_id: null, candidate_share: 0, stages: null } : {}),
        })
        .where('section_id', '=', sectionId)
        .where('revision', '=', fromRevision)
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) return { done: false };
      await markBroken(db, releaseId, null, note.at);
      if (breaks) await markBroken(db, breaks.releaseId, breaks.reason, note.at);
      const previous = before.release_id
        ? await db.selectFrom('releases').selectAll().where('release_id', '=', before.release_id).executeTakeFirst()
        : undefined;
      await appendHistory(db, sectionId, { ...note, release: { releaseId, version: release.version } }, previous);
      return { done: true, revision: fromRevision + 1, previous };
    });
  },

  async setReleaseCandidate(
    context: WriteContext,
    sectionId: string,
    candidate: { releaseId: string; share: number } | null,
    fromRevision: number,
    note: HistoryNote,
    breaks?: Breaking,
    stages?: ShareStages,
  ): Promise<Promotion> {
    return context.atomically(async (db) => {
      await sectionRow(db, sectionId, note.at);
      const changed = await db
        .updateTable('release_sections')
        .set({
          candidate_release_id: candidate?.releaseId ?? null,
          candidate_share: candidate?.share ?? 0,
          stages: candidate && stages ? JSON.stringify(stages) : null,
          revision: fromRevision + 1,
          changed_at: note.at,
          changed_by: note.actor.name,
        })
        .where('section_id', '=', sectionId)
        .where('revision', '=', fromRevision)
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) return { done: false };
      if (candidate) await markBroken(db, candidate.releaseId, null, note.at);
      if (breaks) await markBroken(db, breaks.releaseId, breaks.reason, note.at);
      if (breaks?.tell) await tellTeams(db, context.deliveryJobs, breaks.releaseId, breaks.tell);
      await appendHistory(db, sectionId, note);
      return { done: true, revision: fromRevision + 1, previous: undefined };
    });
  },

  async pinSession(
    context: WriteContext,
    sessionId: string,
    sectionReleases: string,
    previewReleaseId: string | null,
  ): Promise<void> {
    await context.db
      .updateTable('sessions')
      .set({ section_releases: sectionReleases, preview_release_id: previewReleaseId })
      .where('session_id', '=', sessionId)
      .where('section_releases', 'is', null)
      .execute();
  },

  async addReleasePreview(context: WriteContext, preview: ReleasePreview, note: HistoryNote): Promise<void> {
    await context.atomically(async (db) => {
      await db
        .insertInto('release_previews')
        .values({
          token_hash: preview.tokenHash,
          section_id: preview.sectionId,
          release_id: preview.releaseId,
          created_at: preview.createdAt,
          expires_at: preview.expiresAt,
          actor: preview.actor,
        })
        .execute();
      await appendHistory(db, preview.sectionId, note);
    });
  },

  async addReleaseHealth(context: WriteContext, counts: readonly HealthCount[]): Promise<void> {
    if (counts.length === 0) return;
    await context.db
      .insertInto('release_health')
      .values(counts.map((one) => ({ release_id: one.releaseId, kind: one.kind, count: one.count })))
      .onConflict((conflict) =>
        conflict.columns(['release_id', 'kind']).doUpdateSet((eb) => ({
          count: eb('release_health.count', '+', eb.ref('excluded.count')),
        })),
      )
      .execute();
  },

  async noteRelease(context: WriteContext, sectionId: string, note: HistoryNote): Promise<void> {
    await context.atomically((db) => appendHistory(db, sectionId, note));
  },

  async addReleaseKey(context: WriteContext, key: ReleaseKey & { keyHash: string }): Promise<void> {
    await context.db
      .insertInto('release_keys')
      .values({
        key_id: key.key_id,
        section_id: key.section_id,
        name: key.name,
        key_hash: key.keyHash,
        created_at: key.created_at,
        revoked_at: null,
        contact: key.contact,
      })
      .execute();
  },

  async revokeReleaseKey(context: WriteContext, keyId: string, at: number): Promise<boolean> {
    const revoked = await context.db
      .updateTable('release_keys')
      .set({ revoked_at: at })
      .where('key_id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return revoked.numUpdatedRows > 0n;
  },

  async pruneReleases(context: WriteContext, sectionId: string, keep: number, before: number): Promise<string[]> {
    return context.atomically(async (db) => {
      const live = await db
        .selectFrom('release_sections')
        .select(['live_release_id', 'candidate_release_id'])
        .where('section_id', '=', sectionId)
        .executeTakeFirst();
      const newest = await db
        .selectFrom('releases')
        .select('release_id')
        .where('section_id', '=', sectionId)
        .orderBy('created_at', 'desc')
        .limit(keep)
        .execute();
      const kept = [
        ...newest.map((row) => row.release_id),
        ...(live?.live_release_id ? [live.live_release_id] : []),
        ...(live?.candidate_release_id ? [live.candidate_release_id] : []),
      ];
      const gone = await db
        .selectFrom('releases')
        .select(['release_id', 'version'])
        .where('section_id', '=', sectionId)
        .where('created_at', '<', before)
        .where('release_id', 'not in', context.dialect.textList(kept))
        .execute();
      if (gone.length === 0) return [];
      const ids = gone.map((row) => row.release_id);
      await db.deleteFrom('release_files').where('release_id', 'in', context.dialect.textList(ids)).execute();
      await db.deleteFrom('releases').where('release_id', 'in', context.dialect.textList(ids)).execute();
      return gone.map((row) => row.version);
    });
  },
});

export function parsePinned(text: string | null): SectionReleases | null {
  if (text === null) return null;
  const parsed = JSON.parse(text) as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as SectionReleases) : null;
}

export function createReleaseStore({ reads: db, dialect, write }: Storage): ReleaseStore {
  const releaseById = (releaseId: string) =>
    db.selectFrom('releases').selectAll().where('release_id', '=', releaseId).executeTakeFirst();
  return {
    async liveSections() {
      const rows = await db.selectFrom('release_sections').selectAll().execute();
      const ids = rows.flatMap((row) => [row.live_release_id, row.candidate_release_id].filter((id) => id !== null));
      const found =
        ids.length === 0
          ? []
          : await db.selectFrom('releases').selectAll().where('release_id', 'in', dialect.textList(ids)).execute();
      const byId = new Map(found.map((release) => [release.release_id, release]));
      return rows.map((row) => ({
        sectionId: row.section_id,
        revision: row.revision,
        changedAt: row.changed_at,
        changedBy: row.changed_by,
        release: row.live_release_id ? byId.get(row.live_release_id) : undefined,
        candidate: row.candidate_release_id ? byId.get(row.candidate_release_id) : undefined,
        share: row.candidate_share,
        stages: row.stages === null ? null : (JSON.parse(row.stages) as ShareStages),
      }));
    },
    releaseById,
    async brokenReleases() {
      const rows = await db.selectFrom('releases').select('release_id').where('broken_at', 'is not', null).execute();
      return rows.map((row) => row.release_id);
    },
    setCandidate: (sectionId, candidate, fromRevision, note, breaks, stages) =>
      write('setReleaseCandidate', sectionId, candidate, fromRevision, note, breaks, stages),
    pinSession: (sessionId, sectionReleases, previewReleaseId) =>
      write('pinSession', sessionId, JSON.stringify(sectionReleases), previewReleaseId ?? null),
    addPreview: (preview, note) => write('addReleasePreview', preview, note),
    async previewByHash(tokenHash) {
      const row = await db
        .selectFrom('release_previews')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const release = await releaseById(row.release_id);
      return {
        tokenHash: row.token_hash,
        sectionId: row.section_id,
        releaseId: row.release_id,
        createdAt: Number(row.created_at),
        expiresAt: Number(row.expires_at),
        actor: row.actor,
        release,
      };
    },
    async pinnedSession(keyHash) {
      const row = await db
        .selectFrom('sessions')
        .select(['session_id', 'section_releases', 'preview_release_id'])
        .where('key_hash', '=', keyHash)
        .executeTakeFirst();
      return row
        ? {
            sessionId: row.session_id,
            sectionReleases: parsePinned(row.section_releases),
            previewReleaseId: row.preview_release_id,
          }
        : undefined;
    },
    addHealth: (counts) => write('addReleaseHealth', counts),
    async health(releaseIds) {
      if (releaseIds.length === 0) return [];
      const rows = await db
        .selectFrom('release_health')
        .selectAll()
        .where('release_id', 'in', dialect.textList(releaseIds))
        .execute();
      return rows.map((row) => ({ releaseId: row.release_id, kind: row.kind, count: Number(row.count) }));
    },
    async hostedOrigins() {
      const rows = await db
        .selectFrom('releases')
        .select('entry_origin')
        .distinct()
        .where('entry_origin', 'is not', null)
        .execute();
      return rows.flatMap((row) => (row.entry_origin ? [row.entry_origin] : []));
    },
    release: (sectionId, version) => releaseOf(db, sectionId, version),
    releases: (sectionId) =>
      db.selectFrom('releases').selectAll().where('section_id', '=', sectionId).orderBy('created_at', 'desc').execute(),
    files: (releaseId) =>
      db.selectFrom('release_files').select(['path', 'blob', 'bytes']).where('release_id', '=', releaseId).execute(),
    async history(sectionId, limit) {
      const rows = await db
        .selectFrom('release_history')
        .selectAll()
        .where('section_id', '=', sectionId)
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },
    recordRelease: (release, files) => write('recordRelease', release, files),
    promote: (sectionId, releaseId, fromRevision, note, breaks) =>
      write('promoteRelease', sectionId, releaseId, fromRevision, note, breaks),
    note: (sectionId, note) => write('noteRelease', sectionId, note),
    addKey: (key) => write('addReleaseKey', key),
    keyByHash: (keyHash) =>
      db
        .selectFrom('release_keys')
        .select(['key_id', 'section_id', 'name', 'created_at', 'revoked_at', 'contact'])
        .where('key_hash', '=', keyHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst(),
    keys: () =>
      db
        .selectFrom('release_keys')
        .select(['key_id', 'section_id', 'name', 'created_at', 'revoked_at', 'contact'])
        .orderBy('created_at')
        .execute(),
    revokeKey: (keyId, at) => write('revokeReleaseKey', keyId, at),
    async told(releaseId) {
      const rows = await db
        .selectFrom('deliveries')
        .select(['recipient', 'state'])
        .where('company_id', '=', SECTION_TEAMS)
        .where('kind', '=', 'release')
        .where('idempotency_key', 'like', `${rollbackKeyPrefix(releaseId)}%`)
        .orderBy('recipient')
        .execute();
      return rows.map((row) => ({ to: row.recipient, state: row.state }));
    },
    pruneReleases: (sectionId, keep, before) => write('pruneReleases', sectionId, keep, before),
    async namedBlobs(hashes) {
      if (hashes.length === 0) return new Set();
      const rows = await db
        .selectFrom('release_files')
        .select('blob')
        .distinct()
        .where('blob', 'in', dialect.textList(hashes))
        .execute();
      return new Set(rows.map((row) => row.blob));
    },
  };
}
