import fs from 'node:fs';

/** Federation name → address of its `remoteEntry.js`: absolute, or a path on this server. */
export type RemoteLocations = Record<string, string>;

export interface RemoteLocationsSource {
  /** The current locations; re-read when the file changes, so a redeploy needs no restart. */
  read(): RemoteLocations;
  /** Origins other than this server's that remotes load from, for the Content-Security-Policy. */
  foreignOrigins(): string[];
}

const FEDERATION_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function parseRemoteLocations(text: string): RemoteLocations {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('remotes.json must be an object of federation name to remoteEntry.js address');
  }
  const locations: RemoteLocations = {};
  for (const [name, entry] of Object.entries(parsed)) {
    if (!FEDERATION_NAME.test(name)) throw new Error(`remotes.json: "${name}" is not a valid federation name`);
    if (typeof entry !== 'string' || !(entry.startsWith('/') || /^https?:\/\//.test(entry))) {
      throw new Error(`remotes.json: "${name}" must be an http(s) address or a path starting with /`);
    }
    locations[name] = entry;
  }
  return locations;
}

/**
 * Reads `remotes.json` from the deploy-time file. A broken edit keeps the last good locations
 * (and logs why), so a typo in a redeploy never takes every candidate's page down.
 */
export function createRemoteLocationsSource(file: string, log: (message: string) => void): RemoteLocationsSource {
  let cached: { mtimeMs: number; locations: RemoteLocations } | undefined;

  function read(): RemoteLocations {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return cached?.locations ?? {};
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached.locations;
    try {
      cached = { mtimeMs: stat.mtimeMs, locations: parseRemoteLocations(fs.readFileSync(file, 'utf8')) };
    } catch (error) {
      log(`Keeping the previous remote locations: ${(error as Error).message}`);
    }
    return cached?.locations ?? {};
  }

  return {
    read,
    foreignOrigins: () => [
      ...new Set(
        Object.values(read())
          .filter((entry) => !entry.startsWith('/'))
          .map((entry) => new URL(entry).origin),
      ),
    ],
  };
}
