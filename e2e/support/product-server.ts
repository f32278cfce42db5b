import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A port free right now, so runs beside each other (and other checkouts' runs) never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface CommandResult {
  code: number | null;
  output: string;
}

/** Runs a command of the repository as a team or the operator types it, and collects what it prints. */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = repoRoot,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * A second, private instance of the product server (the front ends built by the main run) with a
 * database of its own, so a test can release and roll back sections without disturbing tests
 * running beside it. `env` adds settings (a `REMOTES_JSON` for its first start).
 */
export async function startProductServer(adminToken: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-'));
  const dataDir = path.join(dir, 'data');
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(repoRoot, 'api'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_TOKEN: adminToken,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      if (attempt > 100) throw new Error('The product server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    dir,
    /** The server's data folder: `addReviewer` makes accounts on its database. */
    dataDir,
    /**
     * `pnpm --filter api release-key add` as the operator runs it (built already), on this server's
     * database, naming the team's address where given: the key it printed.
     */
    async addReleaseKey(section: string, name: string, contact?: string): Promise<string> {
      const added = await runCommand(
        process.execPath,
        [
          'dist/release-key-cli.js',
          'add',
          '--section',
          section,
          '--name',
          name,
          ...(contact ? ['--contact', contact] : []),
        ],
        { DATA_DIR: dataDir },
        path.join(repoRoot, 'api'),
      );
      const key = /Key, shown only this once: (\S+)/.exec(added.output)?.[1];
      if (!key) throw new Error(`release-key add printed no key: ${added.output}`);
      return key;
    },
    /** `pnpm release …` as a section team runs it against this server with its key. */
    release(key: string, ...args: string[]): Promise<CommandResult> {
      return runCommand('pnpm', ['-s', 'release', ...args], { PRODUCT_URL: origin, RELEASE_KEY: key });
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
