import sharedPackage from '../../package.json' with { type: 'json' };

/**
 * The `shared` block of every federation() call, host and remotes alike. One
 * definition so the sides can never disagree: a mismatch here is how two Reacts
 * or two session stores end up on one page.
 */
const versions = {
  react: sharedPackage.devDependencies.react,
  'react-dom': sharedPackage.devDependencies['react-dom'],
  'react-router-dom': sharedPackage.devDependencies['react-router-dom'],
  zustand: sharedPackage.dependencies.zustand,
  '@assessment/shared': sharedPackage.version,
} as const;

export const federationShared = Object.fromEntries(
  Object.entries(versions).map(([name, version]) => [name, { singleton: true, requiredVersion: `^${version}` }]),
) as Record<keyof typeof versions, { singleton: true; requiredVersion: string }>;
