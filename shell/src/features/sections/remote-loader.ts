import federationHostUrl from 'virtual:federation-host-url';
import { remoteModuleId, SESSION_KEY_HEADER, type Section } from '@assessment/core';
import { releasePreviewHeaders, SECTION_CONTRACT_VERSION, type SectionModule, sessionStore } from '@assessment/react';
import { noteServedReleases, reportHealth, watchUnhandledErrors } from './health-reports.ts';
import { exposedModuleFiles, manifestAddress, withAttempt } from './lib/remote-addresses.ts';
import { SectionLoadError } from './section-load-error.ts';

type FederationHost = typeof import('./federation-host.ts');
/** Federation name → the address of its entry. */
type RemoteEntries = Record<string, string>;

const origin = () => window.location.origin;

let host: Promise<FederationHost> | undefined;
let hostAttempts = 0;

/** The federation runtime, loaded on first use; after a failed fetch, asked for under a new address. */
function federationHost(): Promise<FederationHost> {
  host ??= (
    import(/* @vite-ignore */ withAttempt(federationHostUrl, hostAttempts, origin())) as Promise<FederationHost>
  ).catch((error: unknown) => {
    host = undefined;
    hostAttempts += 1;
    throw error;
  });
  return host;
}

let entries: Promise<RemoteEntries> | undefined;
let entryAttempts = 0;
/**
 * The session key `entries` are read with, from the moment the read starts, and whether the server
 * said some release is on a share (unknown until it answers).
 */
let readWith: { key: string | null; sharing: boolean | undefined } | undefined;

async function readRemotesJson(attempt: number, key: string | null): Promise<RemoteEntries> {
  const reading = { key, sharing: undefined as boolean | undefined };
  readWith = reading;
  // The session key picks the releases this session keeps (`api/src/releases/live-releases.ts`).
  const response = await fetch(new URL('/remotes.json', origin()), {
    cache: 'no-cache',
    headers: { ...(key ? { [SESSION_KEY_HEADER]: key } : {}), ...releasePreviewHeaders() },
  });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  reading.sharing = response.headers.get('Release-Shares') === 'on';
  const found = (await response.json()) as Record<string, string>;
  noteServedReleases(response.headers.get('Section-Releases'), found);
  return Object.fromEntries(
    Object.entries(found).map(([name, entry]) => [name, withAttempt(entry, attempt, origin())]),
  );
}

/**
 * Remote addresses come from `remotes.json` at run time, never from the shell's build, so a
 * section team can publish a new remote (or roll one back) without rebuilding the shell. Read once
 * per page, by whichever comes first, a load or a prefetch; `fresh` reads it again, for a Retry,
 * and gives every entry a new address. Read again too when the page registered since it was read
 * while some release was on a share, or registered while it was being read (the landing page's
 * prefetch, still on its way when the candidate agrees): the session's own set may differ from the
 * live one.
 */
function remoteEntries(fresh: boolean): Promise<RemoteEntries> {
  const key = sessionStore.getState().sessionKey;
  const stale = readWith !== undefined && readWith.key !== key && readWith.sharing !== false;
  if (fresh || stale || !entries) {
    entries = readRemotesJson(fresh ? ++entryAttempts : entryAttempts, key).catch((error: unknown) => {
      entries = undefined;
      throw error;
    });
  }
  return entries;
}

let registered: Promise<FederationHost> | undefined;
let registeredFrom: Promise<RemoteEntries> | undefined;

function register(addresses: Promise<RemoteEntries>, retry: boolean): Promise<FederationHost> {
  // Addresses read again since (a Retry, or the session's own set) replace those registered.
  const force = retry || (registered !== undefined && registeredFrom !== addresses);
  if (force || !registered) {
    registeredFrom = addresses;
    registered = Promise.all([federationHost(), addresses])
      .then(([federation, found]) => {
        federation.registerRemotes(
          Object.entries(found).map(([name, entry]) => ({ name, entry })),
          force,
        );
        return federation;
      })
      .catch((error: unknown) => {
        registered = undefined;
        throw error;
      });
  }
  return registered;
}

const fetchedAhead = new Set<string>();

/**
 * Puts a file in the HTTP cache without running it: at idle, a `prefetch` link (the lowest
 * priority); now, a plain fetch. Unlike a failed `import()`, `modulepreload` or `preload`, a failed
 * prefetch or fetch leaves nothing in the page's module map, so the real load later fetches the
 * file as if nothing had been tried; a real load that starts while the file is still on its way
 * waits for it instead of asking twice.
 */
function fetchAhead(address: string, urgency: 'idle' | 'now'): void {
  if (fetchedAhead.has(address)) return;
  fetchedAhead.add(address);
  if (urgency === 'now') {
    fetch(address, { priority: 'high', mode: 'cors', credentials: 'same-origin' })
      .then((response) => response.arrayBuffer())
      .catch(() => fetchedAhead.delete(address));
    return;
  }
  const link = document.createElement('link');
  link.rel = 'prefetch';
  // The CORS mode module scripts are fetched in, so the cached copy serves them from any origin.
  link.crossOrigin = 'anonymous';
  link.href = address;
  link.onerror = () => fetchedAhead.delete(address);
  document.head.append(link);
}

/** The files of the section's exposed module, from the `mf-manifest.json` beside the remote's entry. */
async function exposedFiles(section: Section, entry: string): Promise<string[]> {
  try {
    const response = await fetch(manifestAddress(entry), { cache: 'no-cache' });
    return exposedModuleFiles(response.ok ? await response.json() : undefined, section.remote.exposes, entry);
  } catch {
    return [];
  }
}

/**
 * The section's remote, fetched ahead of the federation runtime asking for it: without this, the
 * runtime finds the section's chunks one after the other (entry, then its imports, then the exposed
 * module's chunks); with it, they come at once, while the runtime itself is still loading.
 */
async function fetchSectionAhead(section: Section, addresses: Promise<RemoteEntries>, urgency: 'idle' | 'now') {
  const entry = (await addresses)[section.remote.name];
  if (!entry) return;
  if (urgency === 'now') {
    // The very address the runtime imports next, so the module is the same; a failure here is
    // the runtime's failure too, reported by loadSection with its Retry, as without this.
    import(/* @vite-ignore */ entry).catch(() => undefined);
  } else {
    if (!host) fetchAhead(withAttempt(federationHostUrl, hostAttempts, origin()), 'idle');
    fetchAhead(entry, 'idle');
  }
  for (const file of await exposedFiles(section, entry)) fetchAhead(file, urgency);
}

async function load(section: Section, retry: boolean): Promise<SectionModule> {
  const remote = section.remote.name;
  let module: SectionModule | null | undefined;
  try {
    const addresses = remoteEntries(retry);
    fetchSectionAhead(section, addresses, 'now').catch(() => undefined);
    const federation = await register(addresses, retry);
    module = await federation.loadRemote<SectionModule>(remoteModuleId(section));
  } catch (error) {
    console.error(`Could not load ${remote}`, error);
    reportHealth(remote, 'load-failure');
    throw new SectionLoadError('This section could not be loaded.', 'unreachable');
  }
  if (!module || typeof module.default !== 'function') {
    reportHealth(remote, 'load-failure');
    throw new SectionLoadError('This section could not be loaded.', 'unreachable');
  }
  if (module.contractVersion !== SECTION_CONTRACT_VERSION) {
    reportHealth(remote, 'contract');
    console.error(
      `${remote} was built for section contract ${String(module.contractVersion)}, this page speaks ${SECTION_CONTRACT_VERSION}`,
    );
    throw new SectionLoadError('This section is being updated and does not match this page yet.', 'contract');
  }
  reportHealth(remote, 'load');
  return module;
}

const loading = new Map<string, Promise<SectionModule>>();
watchUnhandledErrors();

/**
 * Loads the module the section's remote exposes (registry entry) and checks it speaks this shell's contract.
 * A load already under way (main.tsx starts the page's own section before React renders it) is
 * shared; `retry` starts afresh: it re-reads `remotes.json` and drops whatever the runtime cached
 * of the failed attempt.
 */
export function loadSection(section: Section, { retry = false } = {}): Promise<SectionModule> {
  const current = loading.get(section.id);
  if (current && !retry) return current;
  const started = load(section, retry);
  loading.set(section.id, started);
  started.catch(() => {
    if (loading.get(section.id) === started) loading.delete(section.id);
  });
  return started;
}

/**
 * Fetches the section's remote into the browser's cache at idle priority: the shell's federation
 * runtime, the remote's entry and the files its `mf-manifest.json` lists for the exposed module.
 * Nothing runs and nothing is registered; a failure anywhere only means the section is fetched
 * when the candidate opens it, exactly as without a prefetch.
 */
export function prefetchSection(section: Section): void {
  fetchSectionAhead(section, remoteEntries(false), 'idle').catch(() => undefined);
}
