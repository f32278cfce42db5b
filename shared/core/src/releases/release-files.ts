/**
 * What a section release is made of, as both the product (which checks an upload) and the release
 * command (which packs a build folder) read it: pure rules, no file system.
 */

/** The file types a remote build makes, and the copies compressed at build time beside them. */
const RELEASE_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** The one page a release holds: the remote's standalone page (its harness), at the release's root. */
const STANDALONE_PAGE = 'index.html';

/** Precompressed copies (`precompress()` in `@assessment/build`): served in place of the file they compress. */
export const COMPRESSED_COPIES = { '.br': 'br', '.gz': 'gzip' } as const;

/** At most this many files in one release; a remote build makes a few dozen. */
export const RELEASE_MAX_FILES = 2000;
const MAX_PATH_LENGTH = 200;
const SEGMENT = /^[A-Za-z0-9_@~+-][A-Za-z0-9._@~+-]*$/;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** The file a precompressed copy stands for (`assets/a.js.br` → `assets/a.js`), or undefined. */
export function compressedCopyOf(path: string): { original: string; encoding: 'br' | 'gzip' } | undefined {
  const extension = extensionOf(path) as keyof typeof COMPRESSED_COPIES;
  const encoding = COMPRESSED_COPIES[extension];
  return encoding ? { original: path.slice(0, -extension.length), encoding } : undefined;
}

/** The Content-Type a release file is served with (a compressed copy: its original's), or undefined for a type no remote build makes. */
export function releaseContentType(path: string): string | undefined {
  const name = compressedCopyOf(path)?.original ?? path;
  if (name === STANDALONE_PAGE) return 'text/html; charset=utf-8';
  return RELEASE_TYPES[extensionOf(name)];
}

/**
 * Why `path` (as an archive or a build folder names it, `/`-separated) may not be a file of a
 * release, or undefined when it may: a relative path of plain names, never `..`, an absolute path,
 * a backslash or a hidden name, and only the file types a remote build makes. Its one page is the
 * standalone page at its root (`index.html`); any other page is not a remote's.
 */
export function refusedReleasePath(path: string): string | undefined {
  if (path.length === 0) return 'an empty path';
  if (path.length > MAX_PATH_LENGTH) return `a path longer than ${MAX_PATH_LENGTH} characters`;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'an absolute path';
  if (path.includes('\\')) return 'a backslash in the path';
  const segments = path.split('/');
  if (segments.some((segment) => segment === '..')) return 'a path that climbs out of the release (..)';
  if (segments.some((segment) => segment === '.' || segment === '')) return 'a path with an empty or "." part';
  if (segments.some((segment) => segment.startsWith('.'))) return 'a hidden file or folder';
  if (!segments.every((segment) => SEGMENT.test(segment))) return 'characters other than letters, digits and ._@~+-';
  if (!releaseContentType(path)) return `a type no remote build makes (${extensionOf(path) || 'no extension'})`;
  return undefined;
}

/** A team's label (`git describe`) as part of a version: letters, digits, `.`, `_` and `-`, at most 40. */
export function releaseLabel(raw: string): string {
  return raw
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40)
    .replace(/[-.]+$/, '');
}

/** A release's version: the team's label, then the first 12 hex digits of its content hash. */
export function releaseVersion(label: string, contentHash: string): string {
  const hash = contentHash.slice(0, 12);
  return label ? `${label}-${hash}` : hash;
}

/** A version as a path segment and a query value take it (`releaseVersion`'s output, or an older one). */
export const RELEASE_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
