import { sharedSingletons } from 'virtual:shared-singletons';
import { createInstance } from '@module-federation/runtime';

/**
 * The shell's federation runtime, with the shell's own React, store and shared packages as the
 * singletons every remote uses (`loaded-first`: a remote always takes what is already on the page).
 * This module is a chunk of its own, loaded by address (remote-loader.ts) when a section is first
 * needed, so the landing page never waits for it.
 */
const host = createInstance({ name: 'shell', remotes: [], shared: sharedSingletons, shareStrategy: 'loaded-first' });

export interface RemoteAddress {
  /** Federation name, the key of `remotes.json`. */
  name: string;
  entry: string;
}

/** `force` replaces what the runtime holds of an earlier registration, including a failed entry. */
export function registerRemotes(remotes: readonly RemoteAddress[], force: boolean): void {
  host.registerRemotes(
    remotes.map((remote) => ({ ...remote, type: 'module' })),
    { force },
  );
}

export function loadRemote<T>(id: string): Promise<T | null> {
  return host.loadRemote<T>(id);
}
