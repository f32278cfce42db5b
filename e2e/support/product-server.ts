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

/**
 * A second, private instance of the product server (the front ends built by the main run) with its
 * own remotes.json, so a test can repoint remotes without disturbing tests running beside it.
 */
export async function startProductServer(adminToken: string) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-'));
  const remotesFile = path.join(dir, 'remotes.json');
  fs.copyFileSync(path.join(repoRoot, 'shell/dist/remotes.json'), remotesFile);
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(repoRoot, 'api'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      REMOTES_JSON: remotesFile,
      ADMIN_TOKEN: adminToken,
      LOG_LEVEL: 'warn',
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
  let edits = 0;
  return {
    origin,
    /** Rewrites the deploy-time remotes.json, as a release or a rollback does. */
    pointRemote(name: string, entry: string) {
      const locations = JSON.parse(fs.readFileSync(remotesFile, 'utf8')) as Record<string, string>;
      locations[name] = entry;
      fs.writeFileSync(remotesFile, JSON.stringify(locations, null, 2));
      // Same-second edits keep the mtime on coarse file systems; the server watches the mtime.
      edits += 1;
      const later = new Date(Date.now() + 1000 * edits);
      fs.utimesSync(remotesFile, later, later);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
