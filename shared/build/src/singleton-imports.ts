import type { Plugin } from 'vite';
import { SINGLETONS } from './shared-singletons.ts';

const provided = new Set<string>(Object.values(SINGLETONS).flatMap(({ entryPoints }) => entryPoints));

/**
 * Why a remote may not import `source`, or undefined when it may. A remote gets every singleton
 * from the shell and ships no copy of its own, so it can only import what the shell provides: a
 * subpath of a registry package that the federation plugin shares (`zustand/middleware`) would
 * find no provider at run time. Subpaths of the workspace packages that the plugin does not share
 * (`@assessment/core/webm`) are plain code built into the remote.
 */
export function refusedSingletonImport(source: string): string | undefined {
  if (/^react-router(-dom)?(\/|$)/.test(source)) {
    return 'a section does not use the router: the shell owns routing, and a section moves on with goToNext / goToLanding';
  }
  for (const name of Object.keys(SINGLETONS)) {
    if (!source.startsWith(`${name}/`) || provided.has(source) || name.startsWith('@assessment/')) continue;
    const names = [...provided].filter((entryPoint) => entryPoint === name || entryPoint.startsWith(`${name}/`));
    return `the shell provides ${name} only as ${names.join(', ')}; add "${source}" to SINGLETONS in shared/build/src/shared-singletons.ts`;
  }
  return undefined;
}

/** Stops a remote's build at an import the shell cannot provide at run time (see `refusedSingletonImport`). */
export function singletonImports(): Plugin {
  return {
    name: 'assessment-singleton-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || importer.includes('node_modules')) return null;
      const reason = refusedSingletonImport(source);
      if (reason) this.error(`${importer} imports ${source}: ${reason}`);
      return null;
    },
  };
}
