import { RELEASE_VERSION_PATTERN, releaseContentType } from '@assessment/core/releases';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReleaseBlobStore } from '../storage/releases/release-blobs.ts';
import type { ReleaseStore } from '../storage/releases/release-store.ts';

/** Releases whose file lists this instance keeps; a release never changes, so a copy is never stale. */
const RELEASES_KEPT = 100;
/** Bytes of release files this instance keeps in memory: the live releases of every section, many times over. */
const BYTES_KEPT = 64 * 1024 * 1024;

type Kept = Map<string, { blob: string; bytes: number }>;

/**
 * Every kept release, at `/remotes/<section>/<version>/<path>`, from the release files' store: a
 * release is never served from a build folder, and its files never change, so they are cached for a
 * year wherever they pass (a CDN, the browser), and an old release stays servable to a page that
 * still holds its chunks. A file's copy compressed at build time (`.br`, `.gz`) is sent in its place
 * to a browser that takes it.
 */
export function registerReleaseServing(app: FastifyInstance, releases: ReleaseStore, blobs: ReleaseBlobStore): void {
  const fileLists = new Map<string, Kept>();
  const bytes = new Map<string, Buffer>();
  let bytesKept = 0;

  async function filesOf(sectionId: string, version: string): Promise<Kept | undefined> {
    const key = `${sectionId}/${version}`;
    const kept = fileLists.get(key);
    if (kept) return kept;
    // A release not found is asked again next time: one may be stored at any moment.
    const release = await releases.release(sectionId, version);
    if (release?.kind !== 'files') return undefined;
    const files: Kept = new Map((await releases.files(release.release_id)).map((file) => [file.path, file]));
    if (fileLists.size >= RELEASES_KEPT) fileLists.delete(fileLists.keys().next().value as string);
    fileLists.set(key, files);
    return files;
  }

  async function read(blob: string): Promise<Buffer | undefined> {
    const kept = bytes.get(blob);
    if (kept) {
      bytes.delete(blob);
      bytes.set(blob, kept);
      return kept;
    }
    const found = await blobs.read(blob);
    if (!found) return undefined;
    bytes.set(blob, found);
    bytesKept += found.length;
    for (const [oldest, buffer] of bytes) {
      if (bytesKept <= BYTES_KEPT) break;
      bytes.delete(oldest);
      bytesKept -= buffer.length;
    }
    return found;
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(404)
      .header('Cache-Control', 'no-cache')
      .send({ error: `Nothing at GET ${request.url.split('?')[0]}` });

  app.get<{ Params: { section: string; version: string; '*': string } }>(
    '/remotes/:section/:version/*',
    async (request, reply) => {
      const { section, version, '*': path } = request.params;
      const type = releaseContentType(path);
      // An address no release can have is answered without asking the database.
      if (!type || !/^[a-z][a-z0-9-]{0,39}$/.test(section) || !RELEASE_VERSION_PATTERN.test(version)) {
        return notFound(request, reply);
      }
      const files = await filesOf(section, version);
      const file = files?.get(path);
      if (!files || !file) return notFound(request, reply);
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const compressed =
        (/\bbr\b/.test(accepted) &&
          files.get(`${path}.br`) && { ...(files.get(`${path}.br`) as { blob: string }), encoding: 'br' }) ||
        (/\bgzip\b/.test(accepted) &&
          files.get(`${path}.gz`) && { ...(files.get(`${path}.gz`) as { blob: string }), encoding: 'gzip' }) ||
        undefined;
      const sent = compressed ?? file;
      reply
        .header('Content-Type', type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        // Public code, loaded as module scripts in CORS mode when a CDN serves it from another origin.
        .header('Access-Control-Allow-Origin', '*')
        .header('Vary', 'Accept-Encoding')
        .header('ETag', `"${sent.blob}"`);
      if (compressed) reply.header('Content-Encoding', compressed.encoding);
      if (request.headers['if-none-match'] === `"${sent.blob}"`) return reply.code(304).send();
      const body = await read(sent.blob);
      if (!body) {
        request.log.error(`Release ${section} ${version}: ${path} is not in the release files' store`);
        return notFound(request, reply);
      }
      return reply.send(body);
    },
  );
}
