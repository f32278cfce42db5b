import corePackage from '@assessment/core/package.json' with { type: 'json' };
import reactPackage from '@assessment/react/package.json' with { type: 'json' };

/**
 * The `shared` block of every federation() call, host and remotes alike. One
 * definition so the sides can never disagree: a mismatch here is how two Reacts
 * or two session stores end up on one page.
 */
const versions = {
  react: reactPackage.devDependencies.react,
  'react-dom': reactPackage.devDependencies['react-dom'],
  'react-router-dom': reactPackage.devDependencies['react-router-dom'],
  zustand: reactPackage.dependencies.zustand,
  '@assessment/core': corePackage.version,
  '@assessment/react': reactPackage.version,
} as const;

export const federationShared = Object.fromEntries(
  Object.entries(versions).map(([name, version]) => [name, { singleton: true, requiredVersion: `^${version}` }]),
) as Record<keyof typeof versions, { singleton: true; requiredVersion: string }>;
