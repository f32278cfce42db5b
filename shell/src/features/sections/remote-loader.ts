import { remoteModuleId, type Section } from '@assessment/core';
import { SECTION_CONTRACT_VERSION, type SectionModule } from '@assessment/react';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { SectionLoadError } from './section-load-error.ts';

type RemoteLocations = Record<string, string>;

let registered: Promise<void> | undefined;
let attempts = 0;

/**
 * Chromium keeps a failed `import()` in its module map for the life of the page, so a retry of
 * the same address fails without a request. Each retry asks for the entry under a new query.
 */
function entryAddress(entry: string, attempt: number): string {
  const url = new URL(entry, window.location.origin);
  if (attempt > 0) url.searchParams.set('attempt', String(attempt));
  return url.href;
}

/**
 * Remote addresses come from `remotes.json` at run time, never from the shell's build, so a
 * section team can publish a new remote (or roll one back) without rebuilding the shell.
 */
async function registerFromRemotesJson(force: boolean): Promise<void> {
  const response = await fetch(new URL('/remotes.json', window.location.origin), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const locations = (await response.json()) as RemoteLocations;
  const attempt = force ? ++attempts : attempts;
  registerRemotes(
    Object.entries(locations).map(([name, entry]) => ({
      name,
      entry: entryAddress(entry, attempt),
      type: 'module',
    })),
    { force },
  );
}

function ensureRegistered(force: boolean): Promise<void> {
  if (force || !registered) {
    registered = registerFromRemotesJson(force).catch((error: unknown) => {
      registered = undefined;
      throw error;
    });
  }
  return registered;
}

/**
 * Loads the module the section's remote exposes (registry entry) and checks it speaks this shell's contract.
 * `retry` re-reads `remotes.json` and drops whatever the runtime cached of the failed attempt.
 */
export async function loadSection(section: Section, { retry = false } = {}): Promise<SectionModule> {
  const remote = section.remote.name;
  let module: SectionModule | null | undefined;
  try {
    await ensureRegistered(retry);
    module = await loadRemote<SectionModule>(remoteModuleId(section));
  } catch (error) {
    console.error(`Could not load ${remote}`, error);
    throw new SectionLoadError('This section could not be loaded.', 'unreachable');
  }
  if (!module || typeof module.default !== 'function') {
    throw new SectionLoadError('This section could not be loaded.', 'unreachable');
  }
  if (module.contractVersion !== SECTION_CONTRACT_VERSION) {
    console.error(
      `${remote} was built for section contract ${String(module.contractVersion)}, this page speaks ${SECTION_CONTRACT_VERSION}`,
    );
    throw new SectionLoadError('This section is being updated and does not match this page yet.', 'contract');
  }
  return module;
}
