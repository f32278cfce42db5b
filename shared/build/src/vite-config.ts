import { SECTIONS, type SectionRegistry } from '@assessment/core';
import { defaultRemoteLocations } from '@assessment/core/deploy';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { precompress } from './precompress.ts';
import { federationShared } from './shared-singletons.ts';

/** In development the API runs on its own (`pnpm start`, port 8080); the dev servers forward to it. */
const devApiProxy = { '/api': process.env.API_ORIGIN ?? 'http://localhost:8080' };

/** `pnpm dev` serves the shell here and each section's remote on the next ports, in section order. */
export const SHELL_DEV_PORT = 5173;

function devPort(order: number): number {
  return SHELL_DEV_PORT + order;
}

/**
 * Every section remote builds the same way, from its entry in the section registry: its federation
 * name, its one exposed module, the same singletons as the shell, and `base: './'` so the built
 * folder works under any path or origin it is published to.
 */
export function defineRemoteConfig(sectionId: string, sections: SectionRegistry = SECTIONS): UserConfig {
  const section = sections.byId(sectionId);
  if (!section) throw new Error(`The section registry has no section "${sectionId}"`);
  const port = devPort(section.order);
  return defineConfig({
    base: './',
    plugins: [
      react(),
      federation({
        name: section.remote.name,
        filename: 'remoteEntry.js',
        exposes: { [section.remote.exposes]: './src/section.tsx' },
        shared: federationShared,
        dts: false,
      }),
      precompress(),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, proxy: devApiProxy },
    preview: { port, strictPort: true },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
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

export function defineShellConfig(sections: SectionRegistry = SECTIONS): UserConfig {
  return defineConfig({
    plugins: [
      remotesJson(sections),
      react(),
      federation({
        name: 'shell',
        remotes: {},
        shared: federationShared,
        dts: false,
      }),
      precompress(),
    ],
    server: { port: SHELL_DEV_PORT, strictPort: true, proxy: devApiProxy },
    preview: { port: SHELL_DEV_PORT, strictPort: true },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  });
}
