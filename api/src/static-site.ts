import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_PREVIEW_HEADER, SESSION_KEY_HEADER, sessionKeySchema } from '@assessment/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hashSessionKey } from './http/candidate-access.ts';
import type { LiveReleases } from './releases/live-releases.ts';
import type { ShellContract } from './releases/release-checks.ts';
import type { ReleasePreviews } from './releases/release-previews.ts';

/** Files with a stable name must be re-checked on every load, or a new build is never seen. */
const alwaysRevalidate = new Set(['index.html', 'remotes.json']);

/** What the shell's build says it speaks and provides (`shell-contract.json`, `@assessment/build`). */
const SHELL_CONTRACT_FILE = 'shell-contract.json';

/**
 * The live shell's contract, read from the build this server serves (again when the file changes);
 * undefined while it is not built.
 */
export function shellContractReader(repoRoot: string): () => ShellContract | undefined {
  const file = path.join(repoRoot, 'shell/dist', SHELL_CONTRACT_FILE);
  let kept: { mtimeMs: number; contract: ShellContract } | undefined;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (kept?.mtimeMs !== stat.mtimeMs) {
      kept = { mtimeMs: stat.mtimeMs, contract: JSON.parse(fs.readFileSync(file, 'utf8')) as ShellContract };
    }
    return kept.contract;
  };
}

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  if (alwaysRevalidate.has(name)) {
    reply.header('Cache-Control', 'no-cache');
  } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    reply.header('Cache-Control', 'no-cache');
  }
}

/** `remotes.json`'s header naming each remote's release (federation name=release id, …), which the shell's health reports name. */
export const SECTION_RELEASES_HEADER = 'Section-Releases';
/** `remotes.json`'s header saying whether some release is on a share, so a browser's set may change once it registers. */
export const RELEASE_SHARES_HEADER = 'Release-Shares';

/** The hiring company's review page: a single-page app of its own under this path. */
const REVIEW_PREFIX = '/review/';

function isBuilt(folder: string): boolean {
  return fs.existsSync(folder);
}

/**
 * The shell and the review page from their builds, and `remotes.json` from the live releases. The
 * section remotes are never served from a build folder: only releases are (`releases/release-serving.ts`).
 */
export async function registerStaticSite(
  app: FastifyInstance,
  repoRoot: string,
  remotes: Pick<LiveReleases, 'remotesOf' | 'sharing'>,
  previews: Pick<ReleasePreviews, 'open'>,
): Promise<void> {
  const shellDist = path.join(repoRoot, 'shell/dist');

  const reviewDist = path.join(repoRoot, 'review/dist');
  const reviewBuilt = isBuilt(path.join(reviewDist, 'index.html'));
  if (reviewBuilt) {
    await app.register(fastifyStatic, {
      root: reviewDist,
      prefix: REVIEW_PREFIX,
      decorateReply: false,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
    app.get(REVIEW_PREFIX.slice(0, -1), async (_request, reply) => reply.redirect(REVIEW_PREFIX));
    // The folder itself: the static plugin would refuse it (403), as it lists no folders.
    app.get(REVIEW_PREFIX, async (_request, reply) => sendReviewPage(reply, reviewDist));
  } else {
    app.log.warn(`review/dist is not built; ${REVIEW_PREFIX} will answer 404`);
  }

  // The releases of the browser's session (the shell sends its session key along), else the live
  // ones: the same on every instance, and never the copy a shell build ships. A preview link the
  // tab holds (its header) puts its release in place of its section's, while the link is open.
  const keyHeader = SESSION_KEY_HEADER.toLowerCase();
  const previewHeader = RELEASE_PREVIEW_HEADER.toLowerCase();
  app.get('/remotes.json', async (request, reply) => {
    const key = request.headers[keyHeader];
    const valid = typeof key === 'string' && sessionKeySchema.safeParse(key).success;
    const token = request.headers[previewHeader];
    const preview = typeof token === 'string' ? await previews.open(token) : undefined;
    const found = await remotes.remotesOf(
      valid ? hashSessionKey(key) : undefined,
      preview?.state === 'open' ? preview.release : undefined,
    );
    return reply
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', `${SESSION_KEY_HEADER}, ${RELEASE_PREVIEW_HEADER}`)
      .header(
        SECTION_RELEASES_HEADER,
        Object.entries(found.releases)
          .map(([name, id]) => `${name}=${id}`)
          .join(','),
      )
      .header(RELEASE_SHARES_HEADER, remotes.sharing() ? 'on' : 'off')
      .send(found.locations);
  });

  const shellBuilt = isBuilt(path.join(shellDist, 'index.html'));
  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      wildcard: true,
      index: false,
      allowedPath: (pathName) => pathName !== '/remotes.json' && pathName !== `/${SHELL_CONTRACT_FILE}`,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
    app.get('/', async (_request, reply) => sendShellPage(reply));
  } else {
    app.log.warn('shell/dist is not built; only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method === 'GET' && isClientRoute(pathname)) {
      if (pathname.startsWith(REVIEW_PREFIX)) {
        if (reviewBuilt) return sendReviewPage(reply, reviewDist);
      } else if (shellBuilt) {
        return sendShellPage(reply);
      }
    }
    return reply.code(404).send({ error: `Nothing at ${request.method} ${pathname}` });
  });
}

function sendShellPage(reply: FastifyReply) {
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendFile('index.html');
}

/** The review page's routes (`/review/tests/abc12345`) all get its one page, read fresh so a rebuild is seen. */
async function sendReviewPage(reply: FastifyReply, reviewDist: string) {
  const page = await fs.promises.readFile(path.join(reviewDist, 'index.html'));
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
}

/**
 * Client routes (`/invite/abc12345/quiz`, `/review/tests/abc12345`) have no file: they get their
 * app's page, which routes on its own. A missing asset is a real 404, so a broken deploy is not hidden behind HTML.
 */
function isClientRoute(pathname: string): boolean {
  if (['/api/', '/remotes/', '/assets/'].some((prefix) => pathname.startsWith(prefix))) return false;
  return !path.posix.basename(pathname).includes('.');
}
