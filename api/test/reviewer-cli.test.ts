import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from './databases.ts';
import { apiRoot, builtApi, startServer, tempDataDir } from './helpers.ts';
import { ReviewerBrowser } from './reviewer-helpers.ts';

const dataDir = tempDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * `pnpm --filter api reviewer ...` as an operator runs it (the run's build of it), with `stdin` piped in or
 * none, on the SQLite database in `dataDir` unless `env` names another.
 */
function reviewerCli(
  args: string[],
  stdin?: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtApi('reviewer-cli'), ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

// Every step starts a Node process that compiles the command from source: a few seconds each on a
// busy machine.
describe('the reviewer command', { timeout: 300_000 }, () => {
  it('adds, lists and removes reviewers, who sign in until removed', async () => {
    const piped = await reviewerCli(
      ['add', '--company', 'lumenvault', '--email', 'Rae@Lumenvault.example', '--name', 'Rae Reviewer'],
      'a password from a manager\n',
    );
    expect(piped).toMatchObject({
      code: 0,
      stdout: 'Added rae@lumenvault.example (Rae Reviewer) for Lumenvault as an admin.\n',
    });

    const generated = await reviewerCli(['add', '--company', 'orbitra-labs', '--email', 'oz@orbitra.example']);
    expect(generated.code).toBe(0);
    const password = /Password, shown only this once: (\S+)/.exec(generated.stdout)?.[1] as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const duplicate = await reviewerCli(['add', '--company', 'lumenvault', '--email', 'rae@lumenvault.example']);
    expect(duplicate).toMatchObject({ code: 1, stderr: expect.stringContaining('exists already') });
    const typo = await reviewerCli(['add', '--company', 'lumenvalt', '--email', 'x@lumenvault.example']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      'There is no company "lumenvalt" in the catalogue. Did you mean: lumenvault (Lumenvault)?',
    );
    const short = await reviewerCli(['add', '--company', 'lumenvault', '--email', 's@lumenvault.example'], 'short\n');
    expect(short).toMatchObject({ code: 1, stderr: expect.stringContaining('at least 12 characters') });
    for (const weak of ['aaaaaaaaaaaa', ' '.repeat(12)]) {
      const refused = await reviewerCli(
        ['add', '--company', 'lumenvault', '--email', 'w@lumenvault.example'],
        `${weak}\n`,
      );
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('too easy to guess') });
    }

    const list = await reviewerCli(['list']);
    expect(list.code).toBe(0);
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t').slice(0, 3)),
    ).toEqual([
      ['lumenvault', 'rae@lumenvault.example', 'Rae Reviewer'],
      ['orbitra-labs', 'oz@orbitra.example', 'oz@orbitra.example'],
    ]);
    expect((await reviewerCli(['list', '--company', 'orbitra-labs'])).stdout).not.toContain('rae@');

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const rae = new ReviewerBrowser(server.url);
      expect((await rae.signIn('rae@lumenvault.example', 'a password from a manager')).status).toBe(204);
      const oz = new ReviewerBrowser(server.url);
      expect((await oz.signIn('oz@orbitra.example', password)).status).toBe(204);
      expect((await oz.send('GET', '/api/review/me')).body).toMatchObject({ company: { companyId: 'orbitra-labs' } });

      // Removed while the server runs: the sign-in in progress ends at once.
      const removed = await reviewerCli(['remove', '--email', 'Rae@lumenvault.example']);
      expect(removed).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Removed reviewer rae@lumenvault.example'),
      });
      expect((await rae.send('GET', '/api/review/me')).status).toBe(401);
      expect((await rae.signIn('rae@lumenvault.example', 'a password from a manager')).status).toBe(401);
      expect((await oz.send('GET', '/api/review/me')).status).toBe(200);
    } finally {
      await server.stop();
    }
    expect((await reviewerCli(['remove', '--email', 'rae@lumenvault.example'])).code).toBe(1);
    expect((await reviewerCli(['frobnicate'])).code).toBe(2);
  });

  it('keeps the accounts in PostgreSQL when DATABASE_URL is set, where the server finds them', async () => {
    const database = await createDatabase(inject('services').DATABASE_URL, 'reviewer_cli');
    try {
      const env = { DATABASE_URL: database.url };
      const added = await reviewerCli(
        ['add', '--company', 'lumenvault', '--email', 'pg@lumenvault.example'],
        'a password kept in postgres\n',
        env,
      );
      expect(added).toMatchObject({ code: 0, stdout: expect.stringContaining('Added pg@lumenvault.example') });
      expect((await reviewerCli(['list'], undefined, env)).stdout).toContain('lumenvault\tpg@lumenvault.example');
      expect((await reviewerCli(['list'])).stdout).not.toContain('pg@lumenvault.example');

      const server = await startServer(env);
      try {
        const reviewer = new ReviewerBrowser(server.url);
        expect((await reviewer.signIn('pg@lumenvault.example', 'a password kept in postgres')).status).toBe(204);
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  });
});
