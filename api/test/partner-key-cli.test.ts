import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeGreenhouse } from './fake-greenhouse.ts';
import { apiRoot, builtApi, startServer, tempDataDir } from './helpers.ts';

const dataDir = tempDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const PARTNER_KEY_SECRET = 'the operator secret of the partner-key command, 0123456789';

/** `pnpm --filter api partner-key ...` as an operator runs it (the run's build of it), on the SQLite database in `dataDir`. */
function partnerKeyCli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [builtApi('partner-key-cli'), ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://assess.example.com', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Each step starts a Node process that compiles the command from source: a few seconds on a busy machine.
describe('the partner-key command', { timeout: 300_000 }, () => {
  it('makes a key only with the operator secret, prints it alone on its last line, and Greenhouse calls with it', async () => {
    const without = await partnerKeyCli(['add', '--company', 'lumenvault', '--name', 'Greenhouse']);
    expect(without).toMatchObject({ code: 1, stderr: expect.stringContaining('PARTNER_KEY_SECRET') });

    const made = await partnerKeyCli(['add', '--company', 'lumenvault', '--name', 'Greenhouse'], {
      PARTNER_KEY_SECRET,
    });
    expect(made.code).toBe(0);
    const lines = made.stdout.trimEnd().split('\n');
    const key = lines.at(-1) as string;
    expect(key).toMatch(/^pk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(lines).toContain('  send_test: https://assess.example.com/api/partners/greenhouse/send_test');

    const server = await startServer({ DATA_DIR: dataDir, PARTNER_KEY_SECRET });
    const greenhouse = await startFakeGreenhouse(server.url);
    try {
      greenhouse.state.key = key;
      expect(await greenhouse.call('GET', 'list_tests')).toMatchObject({ status: 200 });
    } finally {
      await greenhouse.stop();
      await server.stop();
    }
    const typo = await partnerKeyCli(['add', '--company', 'lumenvalt', '--name', 'x'], { PARTNER_KEY_SECRET });
    expect(typo).toMatchObject({ code: 1, stderr: 'There is no company "lumenvalt" in the catalogue.\n' });
  });
});
