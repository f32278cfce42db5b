/** Federation name → address of its `remoteEntry.js`: absolute, or a path on this server. */
export type RemoteLocations = Record<string, string>;

/** Origins other than this server's that remotes load from, for the Content-Security-Policy. */
export interface RemoteOrigins {
  foreignOrigins(): string[];
}

const FEDERATION_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A `remotes.json` as `REMOTES_JSON` names one: read once, as the first import of a deployment from before releases. */
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
