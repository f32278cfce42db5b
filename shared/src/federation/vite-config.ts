import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
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
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, proxy: devApiProxy },
    preview: { port, strictPort: true },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  });
}

export function defineShellConfig({ port }: { port: number }): UserConfig {
  return defineConfig({
    plugins: [
      react(),
      federation({
        name: 'shell',
        remotes: {},
        shared: federationShared,
        dts: false,
      }),
    ],
    server: { port, strictPort: true, proxy: devApiProxy },
    preview: { port, strictPort: true },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  });
}
