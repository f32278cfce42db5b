/**
 * The same address with `?attempt=N` after a failure. Chromium keeps a failed `import()` in its
 * module map for the life of the page, so a second request for the same address fails without
 * reaching the network; a new address is fetched for real.
 */
export function withAttempt(address: string, attempt: number, base: string): string {
  const url = new URL(address, base);
  if (attempt > 0) url.searchParams.set('attempt', String(attempt));
  return url.href;
}

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The files a remote's exposed module needs before it runs (`exposes` as in the section registry,
 * e.g. `./Section`), read from the remote's `mf-manifest.json` and resolved against its entry: its
 * chunks and its stylesheets, not the fallbacks it may load later. Anything unexpected in the file
 * (another remote's format, an older build) gives no files rather than an error: a prefetch is a
 * hint, never a condition of loading.
 */
export function exposedModuleFiles(manifest: unknown, exposes: string, entry: string): string[] {
  if (typeof manifest !== 'object' || manifest === null) return [];
  const list = (manifest as { exposes?: unknown }).exposes;
  if (!Array.isArray(list)) return [];
  const expose = list.find(
    (item): item is { assets: ManifestAssets } =>
      typeof item === 'object' && item !== null && (item as { path?: unknown }).path === exposes,
  );
  if (!expose || typeof expose.assets !== 'object' || expose.assets === null) return [];
  const files = [...strings(expose.assets.js?.sync), ...strings(expose.assets.css?.sync)];
  const entryUrl = new URL(entry);
  const urls = files.map((file) => new URL(file, entryUrl)).filter((url) => url.origin === entryUrl.origin);
  return [...new Set(urls.map((url) => url.href))];
}

/** Where a remote built by @assessment/build lists its files: beside its entry. */
export function manifestAddress(entry: string): string {
  return new URL('mf-manifest.json', entry).href;
}
