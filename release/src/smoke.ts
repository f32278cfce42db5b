import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { invitePath, SECTIONS, type SectionDefinition, sampleTestId } from '@assessment/core';
import { releaseContentType } from '@assessment/core/releases';
import { chromium } from 'playwright-core';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const MOUNT_TIMEOUT_MS = 30_000;

/** The build folder on a port of its own, with CORS, as a team's host would serve it. */
async function serveFolder(root: string) {
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const file = path.join(root, name);
    const type = releaseContentType(name);
    if (!type || !file.startsWith(root) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * The product as built in this checkout (`api/dist`, `shell/dist`), on a throwaway data folder,
 * with the candidate as its first release of the section (`REMOTES_JSON`'s first import): nothing
 * of the running product, its data or its candidates is touched.
 */
async function startPrivateProduct(remoteName: string, entry: string, dir: string) {
  for (const built of ['api/dist/main.js', 'shell/dist/index.html']) {
    if (!fs.existsSync(path.join(repoRoot, built))) {
      throw new Error(`--smoke runs the product of this checkout, and ${built} is not built: run pnpm build first`);
    }
  }
  const remotesFile = path.join(dir, 'remotes.json');
  fs.writeFileSync(remotesFile, JSON.stringify({ [remoteName]: entry }));
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(repoRoot, 'api'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      REMOTES_JSON: remotesFile,
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      S3_BUCKET: '',
      REDIS_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      const listening = /http:\/\/localhost:(\d+)\//.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.once('exit', (code) => reject(new Error(`The product for the smoke test stopped (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/**
 * `--smoke`: mounts the section from `folder` in the real shell, in headless Chromium, as a
 * candidate reaches it (through the landing page's form, the sections before it marked done).
 * Resolves once the section shows its heading; rejects with what went wrong if it fails to load,
 * is refused by the shell, throws while it renders, or the page reports an error.
 */
export async function smokeTest(section: SectionDefinition, folder: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-smoke-'));
  const host = await serveFolder(folder);
  const product = await startPrivateProduct(section.remote.name, `${host.origin}/remoteEntry.js`, dir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${product.origin}${invitePath(sampleTestId)}`);
    await page.getByLabel('Email').fill('smoke@test.example');
    await page.getByLabel('Full Name').fill('Release Smoke Test');
    await page.getByLabel('Work Experience').selectOption({ index: 1 });
    await page.getByLabel('Social Link').fill('https://social.example/release-smoke-test');
    // Asked by some tests only; any answer will do on this throwaway database.
    const gender = page.getByLabel(/^Gender/);
    if ((await gender.count()) > 0) await gender.selectOption({ index: 1 });
    await page.getByLabel(/I agree not to copy code/).check();
    await page.getByRole('button', { name: 'Agree & start' }).click();
    await page.waitForURL(`**${invitePath(sampleTestId, SECTIONS.first.segment)}`);
    // The sections before this one, done, as their own flags say (the registry's `finishedWhen`).
    const done = SECTIONS.sections
      .filter((one) => one.order < section.order)
      .flatMap((one) => one.finishedWhen?.slice(0, 1) ?? []);
    await page.evaluate((flags) => {
      for (const flag of flags) localStorage.setItem(flag, 'true');
    }, done);
    await page.goto(`${product.origin}${invitePath(sampleTestId, section.segment)}`);
    const heading = page.locator('main h1');
    const problem = page.locator('.section-problem');
    await heading.or(problem).first().waitFor({ timeout: MOUNT_TIMEOUT_MS });
    if (await problem.isVisible())
      throw new Error(`the shell shows "${await problem.locator('h2').first().textContent()}"`);
    if (errors.length > 0) throw new Error(`the page reported: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    product.stop();
    host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
