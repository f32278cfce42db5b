import fs from 'node:fs';
import path from 'node:path';
import { SECTIONS } from '@assessment/core';
import { remoteFolder, remoteMountPath } from '@assessment/core/deploy';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RemoteLocationsSource } from './remote-locations.ts';

/** Where each section's built remote is served, one per entry of the section registry. The folders are self-contained. */
export const remoteMounts = SECTIONS.sections.map((section) => ({
  prefix: remoteMountPath(section),
  folder: `${remoteFolder(section)}/dist`,
}));

/** Files with a stable name must be re-checked on every load, or a redeployed remote is never seen. */
const alwaysRevalidate = new Set(['index.html', 'remoteEntry.js', 'remotes.json', 'mf-manifest.json']);

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

/** The hiring company's review page: a single-page app of its own under this path. */
const REVIEW_PREFIX = '/review/';

function isBuilt(folder: string): boolean {
  return fs.existsSync(folder);
}

export async function registerStaticSite(
  app: FastifyInstance,
  repoRoot: string,
  remotes: RemoteLocationsSource,
): Promise<void> {
  const shellDist = path.join(repoRoot, 'shell/dist');
  for (const mount of remoteMounts) {
    const root = path.join(repoRoot, mount.folder);
    if (!isBuilt(root)) {
      app.log.warn(`${mount.folder} is not built; ${mount.prefix} will answer 404`);
      continue;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: mount.prefix,
      decorateReply: false,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }

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

  // The deploy-time file, not the copy built into the shell: a team repoints its remote here.
  app.get('/remotes.json', async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(remotes.read()));

  const shellBuilt = isBuilt(path.join(shellDist, 'index.html'));
  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      wildcard: true,
      index: false,
      allowedPath: (pathName) => pathName !== '/remotes.json',
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
