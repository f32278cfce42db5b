import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Builds a section remote from its real sources and config into a fresh folder, with one textual
 * change applied to its own source files: what a section team does when it ships a new version.
 */
export async function buildRemoteVariant(
  remote: 'remote-quiz' | 'remote-video' | 'remote-feedback',
  change: { from: string; to: string },
): Promise<string> {
  const root = path.join(repoRoot, remote);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `${remote}-variant-`));
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    configLoader: 'runner',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'variant-change',
        enforce: 'pre',
        transform(code, id) {
          if (!id.startsWith(path.join(root, 'src')) || !code.includes(change.from)) return null;
          return code.split(change.from).join(change.to);
        },
      },
    ],
  });
  return outDir;
}
