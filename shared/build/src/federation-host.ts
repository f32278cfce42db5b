import path from 'node:path';
import type { Plugin } from 'vite';
import { sharedProvidersSource } from './shared-singletons.ts';

/** The shell's providers of every singleton, from `SINGLETONS`. */
export const SHARED_SINGLETONS_MODULE = 'virtual:shared-singletons';
/** The address of the shell's federation host chunk (the runtime and the providers), for `import()`. */
export const FEDERATION_HOST_URL_MODULE = 'virtual:federation-host-url';

const resolved = (id: string) => `\0${id}`;

/**
 * The shell's federation host: the federation runtime and the singletons' providers, in a chunk
 * of its own that the shell loads when it first needs a remote, never before the landing page is
 * usable. Its address is known to the shell's code (`virtual:federation-host-url`) for two reasons:
 * the shell can warm the browser's cache with it at idle without running it, and can ask for it
 * again under a new address after a failed fetch, which Chromium would otherwise answer from its
 * module map with the same failure for the rest of the page's life.
 */
export function federationHost(options: { entry: string }): Plugin {
  let root = process.cwd();
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'assessment-federation-host',
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    resolveId(id) {
      if (id === SHARED_SINGLETONS_MODULE || id === FEDERATION_HOST_URL_MODULE) return resolved(id);
      return null;
    },
    load(id) {
      if (id === resolved(SHARED_SINGLETONS_MODULE)) return sharedProvidersSource();
      if (id !== resolved(FEDERATION_HOST_URL_MODULE)) return null;
      if (command === 'serve') return `export default ${JSON.stringify(`/${options.entry}`)};`;
      const reference = this.emitFile({
        type: 'chunk',
        id: path.resolve(root, options.entry),
        name: 'federation-host',
        // An app's entries export nothing by default; this one is imported for its exports.
        preserveSignature: 'strict',
      });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}
