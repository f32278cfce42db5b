import http from 'node:http';
import https from 'node:https';
import type { SectionDefinition } from '@assessment/core';
import { releaseContentType } from '@assessment/core/releases';
import { useAgent } from 'request-filtering-agent';
import semver from 'semver';
import { z } from 'zod';
import { ReleaseRefusal } from './release-refusal.ts';

/** What the live shell speaks and provides: `shell/dist/shell-contract.json`, which its build writes. */
export interface ShellContract {
  sectionContractVersion: number;
  provides: Record<string, string>;
}

const assets = z.object({
  js: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }),
  css: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }),
});

/** The parts of `mf-manifest.json` the checks read; anything else it holds is left alone. */
const manifestSchema = z.object({
  name: z.string(),
  metaData: z.looseObject({
    remoteEntry: z.looseObject({ name: z.string() }),
    sectionContractVersion: z.number().int().optional(),
  }),
  shared: z.array(
    z.looseObject({
      name: z.string(),
      requiredVersion: z.string().optional(),
      singleton: z.boolean().optional(),
      assets,
    }),
  ),
  exposes: z.array(z.looseObject({ path: z.string(), assets })),
});

export type RemoteManifest = z.infer<typeof manifestSchema>;

export function parseManifest(text: string): RemoteManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ReleaseRefusal(422, 'mf-manifest.json is not JSON');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    throw new ReleaseRefusal(
      422,
      `mf-manifest.json is not a Module Federation manifest: ${result.error.issues[0]?.message}`,
    );
  }
  return result.data;
}

/** Every file the manifest lists, relative to the remote's folder: the exposed modules' and the shared ones'. */
export function listedFiles(manifest: RemoteManifest): string[] {
  const all = [...manifest.exposes, ...manifest.shared].flatMap(({ assets: { js, css } }) => [
    ...js.sync,
    ...js.async,
    ...css.sync,
    ...css.async,
  ]);
  return [...new Set(all)];
}

/**
 * Checks what a remote's manifest promises against what the product needs of it: the federation
 * name and exposed module the section registry names, the section contract the live shell speaks,
 * and shared singletons the shell provides at a version each one accepts. Throws the refusal.
 */
export function checkManifest(manifest: RemoteManifest, section: SectionDefinition, shell: ShellContract): void {
  const { name, exposes } = section.remote;
  if (manifest.name !== name) {
    throw new ReleaseRefusal(
      422,
      `The remote's federation name is "${manifest.name}"; the section registry names the ${section.id} section's remote "${name}"`,
    );
  }
  if (!manifest.exposes.some((exposed) => exposed.path === exposes)) {
    const found = manifest.exposes.map((exposed) => exposed.path).join(', ') || 'nothing';
    throw new ReleaseRefusal(422, `The remote exposes ${found}; the section registry needs "${exposes}"`);
  }
  const built = manifest.metaData.sectionContractVersion;
  if (built === undefined) {
    throw new ReleaseRefusal(
      422,
      'mf-manifest.json does not say which section contract the remote was built against (metaData.sectionContractVersion): build it with defineRemoteConfig of @assessment/build',
    );
  }
  if (built !== shell.sectionContractVersion) {
    throw new ReleaseRefusal(
      422,
      `The remote was built against section contract ${built}; the live shell speaks ${shell.sectionContractVersion}`,
    );
  }
  for (const shared of manifest.shared) {
    const provided = shell.provides[shared.name];
    if (provided === undefined) {
      throw new ReleaseRefusal(422, `The remote needs ${shared.name} from the shell, which does not provide it`);
    }
    const range = shared.requiredVersion;
    if (range && range !== '*' && semver.validRange(range) && !semver.satisfies(provided, range)) {
      throw new ReleaseRefusal(
        422,
        `The remote needs ${shared.name} ${range}; the shell provides ${shared.name} ${provided}`,
      );
    }
  }
}

/** The files a remote's entry needs: the entry, its manifest, and every file the manifest lists. */
export function requiredFiles(manifest: RemoteManifest): string[] {
  return [manifest.metaData.remoteEntry.name, 'mf-manifest.json', ...listedFiles(manifest)];
}

/** Refuses an upload that lacks a file its manifest lists, or lists one of a type that is not a script or a stylesheet. */
export function checkListedFilesPresent(manifest: RemoteManifest, paths: ReadonlySet<string>): void {
  for (const file of requiredFiles(manifest)) {
    if (!paths.has(file)) {
      throw new ReleaseRefusal(422, `${file}, which the remote needs, is not in the upload (it would answer 404)`);
    }
    const type = releaseContentType(file) ?? '';
    if (file !== 'mf-manifest.json' && !/^text\/(javascript|css)/.test(type)) {
      throw new ReleaseRefusal(
        422,
        `${file} is listed as a script or a stylesheet, but would be served as ${type || 'nothing'}`,
      );
    }
  }
}

const FETCH_TIMEOUT_MS = 10_000;

/** What one GET of a hosted release's file answered. */
interface Fetched {
  status: number;
  type: string;
  allowOrigin: string | undefined;
  body: Buffer;
}

/**
 * GET `url` as a candidate's browser would fetch a module script of another origin (CORS mode,
 * from `origin`), within 10 s and `maxBytes`. Unless `allowPrivate`, private, loopback and
 * link-local addresses are refused after DNS (`request-filtering-agent`, as the webhooks do), so a
 * release key cannot make the product read its own network; redirects are not followed.
 */
function get(url: URL, origin: string, maxBytes: number, allowPrivate: boolean): Promise<Fetched> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        agent: allowPrivate ? undefined : useAgent(url.href),
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        headers: { origin, 'user-agent': 'assessment-release-check' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxBytes) response.destroy(new Error(`answered more than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            allowOrigin: response.headers['access-control-allow-origin'] as string | undefined,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

const JS_OR_CSS = /^(text|application)\/(javascript|ecmascript|x-javascript)|^text\/css/i;

/**
 * Checks a release a team hosts itself, from the address of its `remoteEntry.js`: that address,
 * the `mf-manifest.json` beside it and every file it lists answer 200 with a script, stylesheet
 * (or JSON) type, and CORS that lets the product's origin load them. Returns the manifest and the
 * files' hashes' material (the bodies), for the content hash.
 */
export async function checkHostedRelease(
  entry: URL,
  { origin, maxBytes, allowPrivate }: { origin: string; maxBytes: number; allowPrivate: boolean },
): Promise<{ manifest: RemoteManifest; files: { path: string; body: Buffer }[] }> {
  let budget = maxBytes;
  const fetchChecked = async (path: string, expect: RegExp, what: string) => {
    const url = new URL(path, entry);
    let answer: Fetched;
    try {
      answer = await get(url, origin, budget, allowPrivate);
    } catch (error) {
      throw new ReleaseRefusal(422, `${url.href} could not be fetched: ${(error as Error).message}`);
    }
    budget -= answer.body.length;
    if (answer.status !== 200) throw new ReleaseRefusal(422, `${url.href} answered ${answer.status}`);
    if (!expect.test(answer.type)) {
      throw new ReleaseRefusal(422, `${url.href} is served as "${answer.type || 'no type'}", not as ${what}`);
    }
    if (answer.allowOrigin !== '*' && answer.allowOrigin !== origin) {
      throw new ReleaseRefusal(
        422,
        `${url.href} has no CORS for ${origin} (Access-Control-Allow-Origin: ${answer.allowOrigin ?? 'none'}): a candidate's browser would refuse it`,
      );
    }
    return { path, body: answer.body };
  };
  const entryName = entry.pathname.split('/').pop() ?? 'remoteEntry.js';
  const first = await fetchChecked(entryName, JS_OR_CSS, 'JavaScript');
  const manifestFile = await fetchChecked('mf-manifest.json', /json/i, 'JSON');
  const manifest = parseManifest(manifestFile.body.toString('utf8'));
  const rest = [];
  for (const path of listedFiles(manifest)) rest.push(await fetchChecked(path, JS_OR_CSS, 'JavaScript or CSS'));
  return { manifest, files: [first, manifestFile, ...rest] };
}
