import type { SectionDefinition, SectionRegistry } from './section-registry.ts';

/**
 * Where a section's remote is built and published by default. Kept out of the main entry, so the
 * shell's bundle holds no remote address: it reads them from `remotes.json` at run time.
 */

/** The workspace folder of the section's remote, e.g. `remote-quiz`. */
export function remoteFolder(section: SectionDefinition): string {
  return `remote-${section.id}`;
}

/** The path the product's own server publishes the built remote under, e.g. `/remotes/quiz/`. */
export function remoteMountPath(section: SectionDefinition): string {
  return `/remotes/${section.id}/`;
}

/** The `remotes.json` a build ships with: every remote on the product's own server. */
export function defaultRemoteLocations(registry: SectionRegistry): Record<string, string> {
  return Object.fromEntries(
    registry.sections.map((section) => [section.remote.name, `${remoteMountPath(section)}remoteEntry.js`]),
  );
}
