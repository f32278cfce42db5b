import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { precompress } from './precompress.ts';
import { federationShared } from './shared-singletons.ts';

/** In development the API runs on its own (`pnpm start`, port 8080); the dev servers forward to it. */
const devApiProxy = { '/api': process.env.API_ORIGIN ?? 'http://localhost:8080' };

interface RemoteOptions {
  /** Federation name: a valid JavaScript identifier, e.g. `remoteQuiz`. */
  name: string;
  /** Dev server port for `pnpm --filter <remote> dev`. */
  port: number;
}

/**
 * Every section remote builds the same way: one exposed `./Section`, the same singletons as the
 * shell, and `base: './'` so the built folder works under any path or origin it is published to.
 */
export function defineRemoteConfig({ name, port }: RemoteOptions): UserConfig {
  return defineConfig({
    base: './',
    plugins: [
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        exposes: { './Section': './src/section.tsx' },
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
export const DEV_REMOTES = {
  remoteQuiz: 'http://localhost:5174/remoteEntry.js',
  remoteVideo: 'http://localhost:5175/remoteEntry.js',
  remoteFeedback: 'http://localhost:5176/remoteEntry.js',
};

/** In development the remotes run on their own dev servers (hot reload), not under /remotes/. */
function devRemotesJson(): Plugin {
  return {
    name: 'dev-remotes-json',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(DEV_REMOTES));
      });
    },
  };
}

export function defineShellConfig({ port }: { port: number }): UserConfig {
  return defineConfig({
    plugins: [
      devRemotesJson(),
      react(),
      federation({
        name: 'shell',
        remotes: {},
        shared: federationShared,
        dts: false,
      }),
      precompress(),
    ],
    server: { port, strictPort: true, proxy: devApiProxy },
    preview: { port, strictPort: true },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  });
}
