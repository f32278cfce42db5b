import path from 'node:path';
import { newSessionKey, SECTIONS } from '@assessment/core';
import { remoteFolder, remoteMountPath } from '@assessment/core/deploy';
import type { Browser, Response } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { launchChromium, pageScript } from '../lib/chromium.ts';
import { compress } from '../lib/compression.ts';
import { benchRoot, claimPort, makeTempDir, repoRoot } from '../lib/processes.ts';
import { INVITE } from '../lib/product.ts';
import { median, type Row } from '../lib/report.ts';
import { type StaticServer, startStaticServer } from '../lib/static-server.ts';

/** What must be on screen, styled, for a page to be usable: its first control a candidate needs. */
interface UsableWhen {
  selector: string;
  text?: string;
}

interface PageUnderTest {
  name: string;
  path: string;
  /** localStorage of a candidate who has reached this page, so the section opens instead of redirecting. */
  session?: Record<string, string>;
  usableWhen: UsableWhen;
}

function registeredCandidate(extra: Record<string, string> = {}): Record<string, string> {
  return {
    testUUID: INVITE,
    inviteUUID: INVITE,
    unique: 'bench-pages-candidate',
    // A session id without its key is no session: the sections would send the candidate back to the landing page.
    sessionKey: newSessionKey(),
    email: 'bench@candidate.example',
    fullName: 'Bench Candidate',
    workExperience: '4-6 Years',
    social: 'https://social.example/bench',
    declaration: 'true',
    term: 'true',
    startTime: String(Date.now()),
    ...extra,
  };
}

const PAGES: PageUnderTest[] = [
  {
    name: 'landing',
    path: `/invite/${INVITE}`,
    usableWhen: { selector: 'form.confirmation-form button[type="submit"]' },
  },
  {
    name: 'quiz',
    path: `/invite/${INVITE}/quiz`,
    session: registeredCandidate(),
    usableWhen: { selector: 'nav.quiz-rail button' },
  },
  {
    name: 'video',
    path: `/invite/${INVITE}/vintro`,
    session: registeredCandidate(),
    usableWhen: { selector: 'button', text: 'Request Camera Access' },
  },
  {
    name: 'feedback',
    path: `/invite/${INVITE}/iprep`,
    session: registeredCandidate({ VideoRecorded: 'true' }),
    usableWhen: { selector: 'button.feedback-submit' },
  },
];

interface Network {
  name: string;
  runs: number;
  /** Chromium's own throttling (DevTools protocol); none means loopback at full speed. */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

/**
 * Loopback shows the CPU cost; the throttled line (Lighthouse's desktop profile) shows the round
 * trips. Throttled loads vary far less, so fewer runs give as steady a median.
 */
const NETWORKS: Network[] = [
  { name: 'loopback', runs: 5 },
  {
    name: '40 ms RTT, 10 Mbit/s',
    runs: 3,
    conditions: { latency: 40, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 },
  },
];
/** The goal: the federated landing page within 1.1× of the single bundle. */
const LANDING_GOAL = 1.1;

type Build = 'federated' | 'single';

/** The product's own builds of the shell and every section's remote, into a folder of this run. */
const FRONT_ENDS = ['shell', ...SECTIONS.sections.map(remoteFolder)];

async function buildFederated(outRoot: string): Promise<void> {
  for (const folder of FRONT_ENDS) {
    await build({
      root: path.join(repoRoot, folder),
      configFile: path.join(repoRoot, folder, 'vite.config.ts'),
      configLoader: 'runner',
      logLevel: 'error',
      build: { outDir: path.join(outRoot, folder), emptyOutDir: true },
    });
  }
}

/**
 * The same shell app with the sections imported as its own lazy chunks: the shell's page loads
 * the bench's entry, which mounts the shell's app with a loader that imports the sections directly.
 */
function withoutFederation(): Plugin {
  const shellPage = path.join(repoRoot, 'shell', 'index.html');
  let swapped = false;
  return {
    name: 'bench-without-federation',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '/src/main.tsx' || importer !== shellPage) return null;
      swapped = true;
      return path.join(benchRoot, 'pages/single-entry.ts');
    },
    buildEnd() {
      // A renamed entry in shell/ must not quietly turn the baseline back into a federated build.
      if (!swapped) this.error('The single bundle still starts from the shell’s own entry');
    },
  };
}

async function buildSingle(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: path.join(repoRoot, 'shell'),
    logLevel: 'error',
    plugins: [withoutFederation(), react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}

type UsableWindow = Window & { benchUsableAt?: number };

/**
 * Runs in the page before its own scripts. The page is usable in the frame after its control is
 * laid out and every stylesheet has loaded; rAF and a message after it mark that frame's end.
 */
function watchUsable(when: UsableWhen): void {
  let seen = false;
  const check = () => {
    if (seen) return;
    const control = [...document.querySelectorAll(when.selector)].find(
      (element) => (!when.text || element.textContent?.includes(when.text)) && element.getClientRects().length > 0,
    );
    if (!control) return;
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    if (sheets.some((link) => link.sheet === null)) return;
    seen = true;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        (window as UsableWindow).benchUsableAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  // A stylesheet finishing is no DOM change; its load event (which does not bubble) is caught here.
  document.addEventListener('load', check, true);
}

function seedStorage(entries: Record<string, string>): void {
  for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
}

/** Opens a page in a fresh context (cold cache, empty storage); returns ms from navigation to usable. */
async function openPage(
  browser: Browser,
  origin: string,
  target: PageUnderTest,
  network: Network,
  onResponse?: (response: Response) => void,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (target.session) await context.addInitScript(pageScript(seedStorage, target.session));
    await context.addInitScript(pageScript(watchUsable, target.usableWhen));
    const page = await context.newPage();
    if (network.conditions) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
    }
    if (onResponse) page.on('response', onResponse);
    await page.goto(origin + target.path, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as UsableWindow).benchUsableAt !== undefined, undefined, {
      polling: 50,
      timeout: 30_000,
    });
    // Chunks fetched right after the page became usable are part of what it costs.
    if (onResponse) await page.waitForLoadState('networkidle');
    return await page.evaluate(() => (window as UsableWindow).benchUsableAt as number);
  } finally {
    await context.close();
  }
}

interface Bytes {
  raw: number;
  gzip: number;
  brotli: number;
  files: number;
}

interface PageBytes {
  js: Bytes;
  css: Bytes;
}

async function measureBytes(browser: Browser, origin: string, target: PageUnderTest): Promise<PageBytes> {
  const bodies = new Map<string, Promise<{ kind: 'js' | 'css'; body: Buffer }>>();
  await openPage(browser, origin, target, NETWORKS[0] as Network, (response) => {
    const type = response.headers()['content-type'] ?? '';
    const kind = type.includes('javascript') ? 'js' : type.includes('css') ? 'css' : undefined;
    if (!kind || bodies.has(response.url())) return;
    // body() is the decoded file; the compressed sizes are counted from it the same way for both builds.
    bodies.set(
      response.url(),
      response.body().then((body) => ({ kind, body })),
    );
  });
  const empty = (): Bytes => ({ raw: 0, gzip: 0, brotli: 0, files: 0 });
  const bytes: PageBytes = { js: empty(), css: empty() };
  for (const { kind, body } of await Promise.all(bodies.values())) {
    const compressed = compress(body);
    const total = bytes[kind];
    total.raw += body.length;
    total.gzip += compressed.gzip.length;
    total.brotli += compressed.brotli.length;
    total.files += 1;
  }
  return bytes;
}

const kB = (bytes: number) => bytes / 1000;

function byteRows(page: string, federated: PageBytes, single: PageBytes): Row[] {
  return (['brotli', 'gzip'] as const).map((encoding) => {
    const detail = (bytes: PageBytes) =>
      `JS ${kB(bytes.js[encoding]).toFixed(1)} + CSS ${kB(bytes.css[encoding]).toFixed(1)}, ${bytes.js.files + bytes.css.files} files`;
    const value = kB(federated.js[encoding] + federated.css[encoding]);
    const baseline = kB(single.js[encoding] + single.css[encoding]);
    const landing = page === 'landing';
    return {
      group: 'pages',
      name: `${page} JS+CSS ${encoding}`,
      value,
      unit: 'kB',
      detail: detail(federated),
      baseline: { label: 'single', value: baseline, detail: detail(single) },
      ...(landing ? { goals: [{ text: `≤ ${LANDING_GOAL}× single`, met: value <= LANDING_GOAL * baseline }] } : {}),
    } satisfies Row;
  });
}

export interface PagesDetails {
  bytes: Record<string, Record<Build, PageBytes>>;
  usableMs: Record<string, Record<string, Record<Build, number[]>>>;
}

export async function benchPages(log: (line: string) => void): Promise<{ rows: Row[]; details: PagesDetails }> {
  const outRoot = makeTempDir('pages');
  log('pages: building the federated app and the single bundle');
  const federatedDir = path.join(outRoot, 'federated');
  await buildFederated(federatedDir);
  const singleDir = path.join(outRoot, 'single');
  await buildSingle(singleDir);

  // Where the product's server puts them (api/src/static-site.ts), so remotes.json works unchanged.
  const built = (folder: string) => path.join(federatedDir, folder);
  const servers: Record<Build, StaticServer> = {
    federated: await startStaticServer(
      {
        mounts: [
          { prefix: '/', dir: built('shell') },
          ...SECTIONS.sections.map((section) => ({
            prefix: remoteMountPath(section),
            dir: built(remoteFolder(section)),
          })),
        ],
        appPage: path.join(built('shell'), 'index.html'),
      },
      await claimPort(),
    ),
    single: await startStaticServer(
      { mounts: [{ prefix: '/', dir: singleDir }], appPage: path.join(singleDir, 'index.html') },
      await claimPort(),
    ),
  };
  // A machine with a camera: the video page opens as it would for most candidates.
  const browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
  try {
    const details: PagesDetails = { bytes: {}, usableMs: {} };
    const rows: Row[] = [];
    log('pages: counting bytes');
    for (const target of PAGES) {
      const federated = await measureBytes(browser, servers.federated.origin, target);
      const single = await measureBytes(browser, servers.single.origin, target);
      details.bytes[target.name] = { federated, single };
      rows.push(...byteRows(target.name, federated, single));
    }

    for (const network of NETWORKS) {
      log(`pages: time to usable, ${network.name}, ${network.runs} runs`);
      const samples = Object.fromEntries(
        PAGES.map((target) => [target.name, { federated: [] as number[], single: [] as number[] }]),
      );
      for (let run = 0; run < network.runs; run += 1) {
        for (const target of PAGES) {
          // Alternating which build goes first spreads the machine's noise over both.
          const order: Build[] = run % 2 === 0 ? ['federated', 'single'] : ['single', 'federated'];
          for (const which of order) {
            samples[target.name]?.[which].push(await openPage(browser, servers[which].origin, target, network));
          }
        }
      }
      details.usableMs[network.name] = samples;
      for (const target of PAGES) {
        const value = median(samples[target.name]?.federated ?? []);
        const baseline = median(samples[target.name]?.single ?? []);
        const landing = target.name === 'landing';
        rows.push({
          group: 'pages',
          name: `${target.name} usable, ${network.name}`,
          value,
          unit: 'ms',
          detail: `median of ${network.runs}`,
          baseline: { label: 'single', value: baseline },
          ...(landing ? { goals: [{ text: `≤ ${LANDING_GOAL}× single`, met: value <= LANDING_GOAL * baseline }] } : {}),
        });
      }
    }
    return { rows, details };
  } finally {
    await browser.close();
    await Promise.all(Object.values(servers).map((server) => server.close()));
  }
}
