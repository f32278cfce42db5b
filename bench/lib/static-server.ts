import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { deviceCheckPasses, deviceCheckSchema } from '@assessment/core';
import { compress } from './compression.ts';

/** A URL prefix served from a folder, e.g. `/remotes/quiz/` from a built remote. */
export interface Mount {
  prefix: string;
  dir: string;
}

export interface StaticSite {
  /** Longest prefix wins, so `/` can sit beside `/remotes/quiz/`. */
  mounts: Mount[];
  /** Served for client routes (`/invite/abc/quiz`): paths with no file extension. */
  appPage: string;
}

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg']);

function fileFor(site: StaticSite, pathname: string): string | undefined {
  const mount = site.mounts
    .filter((candidate) => pathname.startsWith(candidate.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (mount) {
    const file = path.join(mount.dir, pathname.slice(mount.prefix.length));
    if (file.startsWith(mount.dir + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  }
  return path.posix.extname(pathname) === '' ? site.appPage : undefined;
}

/**
 * The pages only talk to the API in passing (the outbox, the camera check); it answers as the
 * product would, without a database, so that what is measured is the front end.
 */
function answerApi(request: http.IncomingMessage, body: string, response: http.ServerResponse): void {
  if (request.url !== '/api/device-check') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    return;
  }
  let payload: unknown = null;
  try {
    payload = JSON.parse(body);
  } catch {
    // Answered below as the product answers any malformed check.
  }
  const check = deviceCheckSchema.safeParse(payload);
  response
    .writeHead(check.success ? 200 : 400, { 'content-type': 'application/json' })
    .end(
      JSON.stringify(
        check.success ? { result: deviceCheckPasses(check.data.facts) } : { error: 'Invalid device check' },
      ),
    );
}

/**
 * The one static server both builds are measured behind (federated and single bundle), so the
 * comparison is of the builds, not of two servers. It compresses like a CDN with precompressed
 * files (brotli when the browser takes it, else gzip), from memory after the first request, and
 * sends the product's caching headers.
 */
export function startStaticServer(site: StaticSite, port: number): Promise<StaticServer> {
  const files = new Map<string, Buffer>();
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://bench').pathname);
    if (pathname.startsWith('/api/')) {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => answerApi(request, body, response));
      return;
    }
    const file = fileFor(site, pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    let content = files.get(file);
    if (!content) {
      content = fs.readFileSync(file);
      files.set(file, content);
    }
    const extension = path.extname(file);
    const headers: http.OutgoingHttpHeaders = {
      'content-type': TYPES[extension] ?? 'application/octet-stream',
      vary: 'accept-encoding',
    };
    // Cached as the product's server caches (api/src/static-site.ts): files whose name carries a
    // hash for a year, everything else revalidated on every use, so a warm page costs what it would.
    if (pathname.includes('/assets/')) {
      headers['cache-control'] = 'public, max-age=31536000, immutable';
    } else {
      const etag = `"${createHash('sha256').update(content).digest('base64url').slice(0, 16)}"`;
      headers['cache-control'] = 'no-cache';
      headers.etag = etag;
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, headers).end();
        return;
      }
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.has(extension) && /\b(br|gzip)\b/.test(accepted)) {
      const brotli = /\bbr\b/.test(accepted);
      const compressed = compress(content);
      content = brotli ? compressed.brotli : compressed.gzip;
      headers['content-encoding'] = brotli ? 'br' : 'gzip';
    }
    headers['content-length'] = content.length;
    response.writeHead(200, headers).end(content);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${bound}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
