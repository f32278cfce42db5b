import { SECTIONS, type SectionRegistry } from '@assessment/core';
import { defaultRemoteLocations } from '@assessment/core/deploy';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig, type UserConfigFnObject } from 'vite';
import { federationHost } from './federation-host.ts';
import { precompress } from './precompress.ts';
import { sectionContractCapture, shellContractFile } from './section-contract.ts';
import { federationShared } from './shared-singletons.ts';
import { singletonImports } from './singleton-imports.ts';

/** In development the API runs on its own (`pnpm start`, port 8080); the dev servers forward to it. */
const devApiProxy = { '/api': process.env.API_ORIGIN ?? 'http://localhost:8080' };

/** `pnpm dev` serves the shell here and each section's remote on the next ports, in section order. */
export const SHELL_DEV_PORT = 5173;
/** The review page's dev server: well clear of the sections' ports, however many sections there are. */
export const REVIEW_DEV_PORT = 5190;

function devPort(order: number): number {
  return SHELL_DEV_PORT + order;
}

/** `vite build --mode standalone`: a remote's standalone page (its harness), built apart from the remote. */
export const STANDALONE_MODE = 'standalone';

/**
 * Every section remote builds the same way, from its entry in the section registry: its federation
 * name, its one exposed module, the singletons it takes from the shell, and `base: './'` so the
 * built folder works under any path or origin it is published to. A remote build ships no copy of
 * the singletons (`import: false`), so the standalone page, which has no shell to provide them, is
 * a second, plain build into the same folder (`--mode standalone`; the package's build script runs
 * both). The dev server serves both at once, so it keeps each remote's own copies as a fallback.
 *
 * Beside `remoteEntry.js` the build writes `mf-manifest.json`, the files each exposed module needs:
 * the shell reads it to fetch the next section's files before the candidate gets there, and the
 * product reads it (with the contract version the code was compiled against, `metaData.
 * sectionContractVersion`) to check a release before any candidate gets it.
 */
export function defineRemoteConfig(sectionId: string, sections: SectionRegistry = SECTIONS): UserConfigFnObject {
  const section = sections.byId(sectionId);
  if (!section) throw new Error(`The section registry has no section "${sectionId}"`);
  const port = devPort(section.order);
  const server = { port, strictPort: true, origin: `http://localhost:${port}`, proxy: devApiProxy };
  const build = { target: 'es2022', outDir: 'dist' };
  return defineConfig(({ command, mode }) => {
    if (command === 'build' && mode === STANDALONE_MODE) {
      return {
        base: './',
        plugins: [react(), precompress()],
        server,
        build: {
          ...build,
          emptyOutDir: false,
          // Libraries in a chunk of their own, as in the federated build, where the shell brings
          // them: the section's own code stays a file of its own words (e2e/video-honesty.spec.ts
          // reads it), and a page of the harness caches its libraries across builds.
          rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } } },
        },
      };
    }
    const contract = sectionContractCapture();
    const shared =
      command === 'build'
        ? federationShared
        : Object.fromEntries(
            Object.entries(federationShared).map(([name, { import: _hostOnly, ...share }]) => [name, share]),
          );
    return {
      base: './',
      plugins: [
        singletonImports(),
        contract.plugin,
        react(),
        federation({
          name: section.remote.name,
          filename: 'remoteEntry.js',
          exposes: { [section.remote.exposes]: './src/section.tsx' },
          shared,
          shareStrategy: 'loaded-first',
          // The contract version the code was compiled against, for the product's release checks.
          manifest: {
            additionalData: ({ stats }) => ({
              ...stats,
              metaData: { ...(stats.metaData as object), sectionContractVersion: contract.version() },
            }),
          },
          dts: false,
        }),
        precompress(),
      ],
      server,
      preview: { port, strictPort: true },
      build: {
        ...build,
        emptyOutDir: true,
        // The standalone page is the other build's; this one is the remote alone.
        ...(command === 'build' ? { rolldownOptions: { input: {} } } : {}),
      },
    };
  });
}

/** Where `pnpm dev` runs each remote; the shell's dev server answers remotes.json with these. */
export function devRemoteLocations(sections: SectionRegistry = SECTIONS): Record<string, string> {
  return Object.fromEntries(
    sections.sections.map((section) => [
      section.remote.name,
      `http://localhost:${devPort(section.order)}/remoteEntry.js`,
    ]),
  );
}

/**
 * remotes.json: in development the remotes run on their own dev servers (hot reload); a build
 * ships the default file, every remote on the product's own server under /remotes/, which a
 * deploy may replace (see DEPLOY.md). Neither is compiled into the shell's code.
 */
function remotesJson(sections: SectionRegistry): Plugin {
  return {
    name: 'remotes-json',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(devRemoteLocations(sections)));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'remotes.json',
        source: `${JSON.stringify(defaultRemoteLocations(sections), null, 2)}\n`,
      });
    },
  };
}

/**
 * The shell is a plain Vite build of the app, like any single-page app, plus its federation host
 * (`federationHost`): the runtime of `@module-federation/runtime` and the providers of every
 * singleton, in a chunk loaded when a section is first needed. Nothing of federation is on the
 * landing page's path, and the shell's own imports of React or the router are bundled and
 * tree-shaken as usual.
 */
export function defineShellConfig(sections: SectionRegistry = SECTIONS): UserConfig {
  return defineConfig({
    plugins: [
      remotesJson(sections),
      shellContractFile(),
      federationHost({ entry: 'src/features/sections/federation-host.ts' }),
      react(),
      precompress(),
    ],
    server: { port: SHELL_DEV_PORT, strictPort: true, proxy: devApiProxy },
    preview: { port: SHELL_DEV_PORT, strictPort: true },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  });
}

/**
 * The hiring company's review page: a plain single-page app (no federation: it shares no session
 * with the candidate's pages), served by the API under /review/, which is its `base`.
 */
export function defineReviewConfig(): UserConfig {
  return defineConfig({
    base: '/review/',
    plugins: [react(), precompress()],
    server: { port: REVIEW_DEV_PORT, strictPort: true, proxy: devApiProxy },
    preview: { port: REVIEW_DEV_PORT, strictPort: true },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  });
}
