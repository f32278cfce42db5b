import { createGzip } from 'node:zlib';
import { providedSingletons } from '@assessment/build';
import { SECTION_CONTRACT_VERSION } from '@assessment/react/contract';
import { pack } from 'tar-stream';
import type { ShellContract } from '../src/releases/release-checks.ts';

/** What the shell's build writes into `shell-contract.json`, from the same sources (`@assessment/build`). */
export const SHELL_CONTRACT: ShellContract = {
  sectionContractVersion: SECTION_CONTRACT_VERSION,
  provides: providedSingletons(),
};

export interface RemoteOptions {
  /** The federation name the manifest gives (the quiz's by default). */
  name?: string;
  exposes?: string;
  contractVersion?: number | undefined;
  /** Each shared package the remote takes from the shell, with the range it accepts. */
  shared?: Record<string, string>;
  /** Words in the exposed module's code: two releases that differ in them differ in content. */
  marker?: string;
}

/**
 * The files of a remote build as `defineRemoteConfig` makes them, small: an entry, the manifest
 * (with the contract version the build compiled) and the exposed module's script and stylesheet.
 */
export function remoteFiles(options: RemoteOptions = {}): Record<string, string> {
  const shared = options.shared ?? { react: '^19.0.0', '@assessment/react': '^1.0.0' };
  const none = { js: { sync: [], async: [] }, css: { sync: [], async: [] } };
  const manifest = {
    id: options.name ?? 'remoteQuiz',
    name: options.name ?? 'remoteQuiz',
    metaData: {
      name: options.name ?? 'remoteQuiz',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' },
      publicPath: 'auto',
      ...('contractVersion' in options
        ? { sectionContractVersion: options.contractVersion }
        : { sectionContractVersion: SECTION_CONTRACT_VERSION }),
    },
    shared: Object.entries(shared).map(([name, requiredVersion]) => ({
      name,
      requiredVersion,
      singleton: true,
      assets: none,
    })),
    remotes: [],
    exposes: [
      {
        path: options.exposes ?? './Section',
        name: 'Section',
        assets: {
          js: { sync: ['assets/section-a1.js'], async: [] },
          css: { sync: ['assets/section-b2.css'], async: [] },
        },
      },
    ],
  };
  return {
    'remoteEntry.js': 'export const get = () => import("./assets/section-a1.js");\n',
    'mf-manifest.json': JSON.stringify(manifest),
    'assets/section-a1.js': `export default function Section() { return ${JSON.stringify(options.marker ?? 'Problem Solving')}; }\n`,
    'assets/section-b2.css': '.quiz { display: grid; }\n',
  };
}

export type Entry = { header: Parameters<ReturnType<typeof pack>['entry']>[0]; body?: string | Buffer };

/** A gzipped tar of these entries, as `pnpm release` sends one (or any other archive a test makes). */
export async function archiveOf(entries: Record<string, string | Buffer> | Entry[]): Promise<Buffer> {
  const list: Entry[] = Array.isArray(entries)
    ? entries
    : Object.entries(entries).map(([name, body]) => ({ header: { name, mode: 0o644 }, body }));
  const archive = pack();
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  archive.pipe(gzip);
  for (const entry of list) {
    if (entry.body === undefined) archive.entry(entry.header);
    else archive.entry(entry.header, entry.body);
  }
  archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** What the release API answers, each call its own fields of these. */
export interface ReleaseAnswer {
  error?: string;
  existing?: boolean;
  changed?: boolean;
  share?: number;
  version?: string;
  /** A preview link, and when it stops opening its release. */
  url?: string;
  expiresAt?: string;
  release: { version: string };
  live: { version: string };
  history: {
    kind: string;
    version: string | null;
    by: string;
    reason: string | null;
    previousVersion: string | null;
  }[];
  sections: {
    section: string;
    live: { version: string; by: string | null } | null;
    candidate: { version: string; share: number } | null;
  }[];
}

export function releaseApi(url: string, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  const json = async (response: Response) => ({
    status: response.status,
    body: (await response.json()) as ReleaseAnswer,
  });
  return {
    upload: async (section: string, archive: Buffer, label = '') =>
      json(
        await fetch(`${url}/api/releases/${section}?label=${encodeURIComponent(label)}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/gzip' },
          body: new Uint8Array(archive),
        }),
      ),
    hosted: async (section: string, address: string, label = '') =>
      json(
        await fetch(`${url}/api/releases/${section}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ url: address, label }),
        }),
      ),
    live: async (
      section: string,
      version: string,
      from?: string | null,
      share?: number,
      stages?: { stages?: number[]; everyMinutes?: number },
    ) =>
      json(
        await fetch(`${url}/api/releases/${section}/live`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            version,
            ...(from === undefined ? {} : { from }),
            ...(share === undefined ? {} : { share }),
            ...stages,
          }),
        }),
      ),
    promote: async (section: string, body: { share?: number }) =>
      json(
        await fetch(`${url}/api/releases/${section}/promote`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    rollback: async (section: string, body: { to?: string; from?: string | null } = {}) =>
      json(
        await fetch(`${url}/api/releases/${section}/rollback`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    preview: async (section: string, body: { version: string; hours?: number }) =>
      json(
        await fetch(`${url}/api/releases/${section}/previews`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    status: async () => json(await fetch(`${url}/api/releases`, { headers })),
    history: async (section: string) => json(await fetch(`${url}/api/releases/${section}/history`, { headers })),
  };
}

export async function remotesJson(url: string): Promise<Record<string, string>> {
  return (await (await fetch(`${url}/remotes.json`)).json()) as Record<string, string>;
}
