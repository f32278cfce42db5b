import corePackage from '@assessment/core/package.json' with { type: 'json' };
import reactPackage from '@assessment/react/package.json' with { type: 'json' };

/**
 * The federation singletons: one copy of each on the page, the shell's, which every remote uses.
 * `entryPoints` are the import paths the shell provides under the package's name: the package
 * itself and the subpaths the federation plugin shares with it (a remote's JSX imports
 * `react/jsx-runtime`, or `react/jsx-dev-runtime` in development, the session store
 * `zustand/vanilla`, the standalone harness `react-dom/client`). Any other subpath
 * (`@assessment/core/webm`) is plain code built into the remote that imports it.
 *
 * react-router-dom is not among them: the shell owns routing and a section moves on through the
 * `goToNext` and `goToLanding` props, so no remote imports the router (the remote build refuses
 * one that does), and sharing it would send the whole router to every page.
 */
export const SINGLETONS = {
  react: {
    version: reactPackage.devDependencies.react,
    entryPoints: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  },
  'react-dom': { version: reactPackage.devDependencies['react-dom'], entryPoints: ['react-dom', 'react-dom/client'] },
  zustand: { version: reactPackage.dependencies.zustand, entryPoints: ['zustand', 'zustand/vanilla'] },
  '@assessment/core': { version: corePackage.version, entryPoints: ['@assessment/core'] },
  '@assessment/react': { version: reactPackage.version, entryPoints: ['@assessment/react'] },
} as const satisfies Record<string, { version: string; entryPoints: readonly string[] }>;

export type SingletonName = keyof typeof SINGLETONS;

const requiredVersion = (version: string) => `^${version}`;

/**
 * The `shared` block of every remote's federation() call. `import: false`: the shell always
 * provides these, so a remote ships no copy of its own (no fallback chunks to build, nothing a
 * remote could load by mistake beside the shell's). Its standalone page is a build of its own
 * for that reason (`defineRemoteConfig`).
 */
export const federationShared = Object.fromEntries(
  Object.entries(SINGLETONS).map(([name, { version }]) => [
    name,
    { singleton: true, requiredVersion: requiredVersion(version), import: false },
  ]),
) as Record<SingletonName, { singleton: true; requiredVersion: string; import: false }>;

/**
 * The shell's providers, as the source of a module the shell's build compiles: every entry point
 * of every singleton, as the module the shell itself runs, in the form the federation runtime
 * takes (`createInstance({ shared })`). Generated from the table above so the two sides can never
 * disagree: a mismatch is how two Reacts or two session stores end up on one page.
 */
export function sharedProvidersSource(): string {
  const entries = Object.values(SINGLETONS).flatMap(({ version, entryPoints }) =>
    entryPoints.map((entryPoint) => ({ entryPoint, version })),
  );
  const imports = entries.map(({ entryPoint }, index) => `import * as m${index} from ${JSON.stringify(entryPoint)};`);
  const providers = entries.map(
    ({ entryPoint, version }, index) =>
      `  ${JSON.stringify(entryPoint)}: provide(m${index}, ${JSON.stringify(version)}, ${JSON.stringify(requiredVersion(version))}),`,
  );
  return [
    ...imports,
    'const provide = (module, version, requiredVersion) => ({',
    "  version, scope: 'default', lib: () => module, shareConfig: { singleton: true, requiredVersion },",
    '});',
    'export const sharedSingletons = {',
    ...providers,
    '};',
    '',
  ].join('\n');
}
