import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface SourceChange {
  /** The file changed, from the repository's root; by default any file of the remote's own `src/`. */
  file?: string;
  from: string;
  to: string;
}

/**
 * Builds a section remote from its real sources and config into a fresh folder, with one textual
 * change applied to the sources it is built from: its own (what a section team does when it ships
 * a new version) or a shared package's (a remote built against another version of it). The build
 * fails if the change applied nowhere, so a test cannot pass on an unchanged remote.
 */
export async function buildRemoteVariant(
  remote: 'remote-quiz' | 'remote-video' | 'remote-feedback',
  change: SourceChange,
): Promise<string> {
  const root = path.join(repoRoot, remote);
  const changed = (id: string) =>
    change.file ? id === path.join(repoRoot, change.file) : id.startsWith(path.join(root, 'src'));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `${remote}-variant-`));
  let applied = false;
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
          if (!changed(id) || !code.includes(change.from)) return null;
          applied = true;
          return code.split(change.from).join(change.to);
        },
        buildEnd() {
          if (!applied) this.error(`The variant's change (${change.from}) applied to no file`);
        },
      },
    ],
  });
  return outDir;
}
