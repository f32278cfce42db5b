import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where each built front end is served. The remotes' own folders are self-contained. */
export const remoteMounts = [
  { prefix: '/remotes/quiz/', folder: 'remote-quiz/dist' },
  { prefix: '/remotes/video/', folder: 'remote-video/dist' },
  { prefix: '/remotes/feedback/', folder: 'remote-feedback/dist' },
] as const;

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

function isBuilt(folder: string): boolean {
  return fs.existsSync(folder);
}

export async function registerStaticSite(app: FastifyInstance, repoRoot: string): Promise<void> {
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
      setHeaders: setCacheHeaders,
    });
  }

  const shellBuilt = isBuilt(path.join(shellDist, 'index.html'));
  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: setCacheHeaders,
    });
    app.get('/*', async (request, reply) => sendShellFileOrPage(request.url, reply, shellDist));
  } else {
    app.log.warn('shell/dist is not built; only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    return reply.code(404).send({ error: `Nothing at ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * Client routes (`/invite/abc12345/quiz`) have no file: they get the shell's page, which routes
 * on its own. A missing asset is a real 404, so a broken deploy is not hidden behind HTML.
 */
async function sendShellFileOrPage(url: string, reply: FastifyReply, shellDist: string) {
  const pathname = decodeURIComponentSafe(url.split('?')[0] ?? '/');
  const relative = path.normalize(pathname).replace(/^([/\\])+/, '');
  const candidate = path.join(shellDist, relative);
  if (
    relative &&
    candidate.startsWith(shellDist + path.sep) &&
    fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()
  ) {
    return reply.sendFile(relative);
  }
  if (pathname.startsWith('/api/') || pathname.startsWith('/remotes/') || pathname.startsWith('/assets/')) {
    return reply.code(404).send({ error: `Nothing at GET ${pathname}` });
  }
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendFile('index.html');
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
