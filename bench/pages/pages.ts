import path from 'node:path';
import { newSessionKey, SECTIONS } from '@assessment/core';
import { remoteFolder, remoteMountPath } from '@assessment/core/deploy';
import type { Browser, Page, Response } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { launchChromium, pageScript } from '../lib/chromium.ts';
import { compress } from '../lib/compression.ts';
import { benchRoot, claimPort, makeTempDir, repoRoot } from '../lib/processes.ts';
import { INVITE } from '../lib/product.ts';
import { median, type Row } from '../lib/report.ts';
import { type StaticServer, startStaticServer } from '../lib/static-server.ts';

/** What must be on screen, styled, for a page to be usable: its first control a candidate needs. */
export interface UsableWhen {
  selector: string;
  text?: string;
}

export interface PageUnderTest {
  name: string;
  path: string;
  /** localStorage of a candidate who has reached this page, so the section opens instead of redirecting. */
  session?: Record<string, string>;
  usableWhen: UsableWhen;
  /** The page a candidate comes to this one from, within the app (the previous step of the assessment). */
  arrivesFrom?: string;
}

export function registeredCandidate(extra: Record<string, string> = {}): Record<string, string> {
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
    // The form's submit; or, when the candidate's storage already holds the session (a section
    // reached from this page), Welcome back's Continue, which the page shows them instead.
    usableWhen: { selector: 'form.confirmation-form button[type="submit"], .welcome-back-actions .button-primary' },
  },
  {
    name: 'quiz',
    path: `/invite/${INVITE}/quiz`,
    session: registeredCandidate(),
    // The quiz opens on its instructions, which end with this button (and hold the practice editor).
    usableWhen: { selector: 'button', text: 'Start the quiz' },
    arrivesFrom: 'landing',
  },
  {
    name: 'video',
    path: `/invite/${INVITE}/vintro`,
    session: registeredCandidate(),
    usableWhen: { selector: 'button', text: 'Request Camera Access' },
    arrivesFrom: 'quiz',
  },
  {
    name: 'feedback',
    path: `/invite/${INVITE}/iprep`,
    // The video section finished without a video: the feedback opens, and the video page, the
    // step before it, stays open too (a recorded video would send it straight on).
    session: registeredCandidate({ noVideo: 'true' }),
    usableWhen: { selector: 'button.feedback-submit' },
    arrivesFrom: 'video',
  },
];

export function pageNamed(name: string): PageUnderTest {
  const found = PAGES.find((target) => target.name === name);
  if (!found) throw new Error(`No page ${name}`);
  return found;
}

export interface Network {
  name: string;
  runs: number;
  /** Chromium's own throttling (DevTools protocol); none means loopback at full speed. */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  /** The pages measured on this network; every page when absent. */
  pages?: readonly string[];
  /** Also measure each section reached from the step before it, within the app. */
  arrivals?: boolean;
}

/**
 * Loopback shows the CPU cost; the throttled line (Lighthouse's desktop profile) shows the round
 * trips; the slow line (Lighthouse's mobile profile: 150 ms, 1.6 Mbit/s down, 750 kbit/s up)
 * shows what a poor connection makes of the landing page's bytes and round trips. Throttled loads
 * vary far less, so fewer runs give as steady a median.
 */
const NETWORKS: Network[] = [
  { name: 'loopback', runs: 5, arrivals: true },
  {
    name: '40 ms RTT, 10 Mbit/s',
    runs: 3,
    conditions: { latency: 40, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 },
    arrivals: true,
  },
  {
    name: '150 ms RTT, 1.6 Mbit/s',
    runs: 3,
    conditions: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 },
    pages: ['landing'],
  },
];
/** The goals: the federated landing page within 1.1× of the single bundle, each section within 1.2×. */
const LANDING_GOAL = 1.1;
const SECTION_GOAL = 1.2;
/** The network the issue sets the time goals on. */
const GOAL_NETWORK = '40 ms RTT, 10 Mbit/s';

type Build = 'federated' | 'single';

/** The product's own builds of the shell and every section's remote, into a folder of this run. */
const FRONT_ENDS = ['shell', ...SECTIONS.sections.map(remoteFolder)];

export async function buildFederated(outRoot: string): Promise<void> {
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

type UsableWindow = Window & { benchUsableAt?: Record<string, number> };

/**
 * Runs in the page before its own scripts. A page is usable in the frame after its control is laid
 * out and every stylesheet has loaded; rAF and a message after it mark that frame's end. Each
 * named condition is timed once, the first time it holds (a page, then the page reached from it).
 */
function watchUsable(conditions: Record<string, UsableWhen>): void {
  const usableAt: Record<string, number> = {};
  (window as UsableWindow).benchUsableAt = usableAt;
  const pending = new Set(Object.keys(conditions));
  const holds = (when: UsableWhen) => {
    const control = [...document.querySelectorAll(when.selector)].find(
      (element) => (!when.text || element.textContent?.includes(when.text)) && element.getClientRects().length > 0,
    );
    if (!control) return false;
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    return !sheets.some((link) => link.sheet === null);
  };
  const check = () => {
    for (const name of pending) {
      const when = conditions[name];
      if (!when || !holds(when)) continue;
      pending.delete(name);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          usableAt[name] = performance.now();
        };
        channel.port2.postMessage(null);
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  // A stylesheet finishing is no DOM change; its load event (which does not bubble) is caught here.
  document.addEventListener('load', check, true);
}

function seedStorage(entries: Record<string, string>): void {
  for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
}

export async function newPage(
  browser: Browser,
  target: PageUnderTest,
  conditions: Record<string, UsableWhen>,
  network: Network,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (target.session) await context.addInitScript(pageScript(seedStorage, target.session));
  await context.addInitScript(pageScript(watchUsable, conditions));
  const page = await context.newPage();
  if (network.conditions) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
  }
  return { context, page };
}

export async function usableAt(page: Page, name: string): Promise<number> {
  await page.waitForFunction((name) => (window as UsableWindow).benchUsableAt?.[name] !== undefined, name, {
    polling: 50,
    timeout: 30_000,
  });
  return page.evaluate((name) => (window as UsableWindow).benchUsableAt?.[name] as number, name);
}

/** Opens a page in a fresh context (cold cache, empty storage); returns ms from navigation to usable. */
async function openPage(
  browser: Browser,
  origin: string,
  target: PageUnderTest,
  network: Network,
  onResponse?: (response: Response) => void,
): Promise<number> {
  const { context, page } = await newPage(browser, target, { [target.name]: target.usableWhen }, network);
  try {
    if (onResponse) page.on('response', onResponse);
    await page.goto(origin + target.path, { waitUntil: 'commit' });
    const usable = await usableAt(page, target.name);
    // Chunks fetched right after the page became usable are part of what it costs.
    if (onResponse) await page.waitForLoadState('networkidle');
    return usable;
  } finally {
    await context.close();
  }
}

/**
 * The candidate on the previous page (fresh context), which has become usable and then had the
 * time to fetch whatever it fetches at idle; then the app moves to `target` as the section's
 * `goToNext` does, a client-side navigation (pushState and the popstate the router listens to).
 * Returns ms from that navigation to `target` being usable.
 */
async function arrive(browser: Browser, origin: string, target: PageUnderTest, network: Network): Promise<number> {
  const from = pageNamed(target.arrivesFrom ?? '');
  const conditions = { [from.name]: from.usableWhen, [target.name]: target.usableWhen };
  const { context, page } = await newPage(browser, target, conditions, network);
  try {
    await page.goto(origin + from.path, { waitUntil: 'commit' });
    await usableAt(page, from.name);
    await page.waitForLoadState('networkidle');
    const start = await page.evaluate((path) => {
      const now = performance.now();
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: {} }));
      return now;
    }, target.path);
    return (await usableAt(page, target.name)) - start;
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
  /** What the page fetched at idle for the section after it (`<link rel=prefetch>`), JS and CSS together. */
  prefetched: Bytes;
}

type Kind = 'js' | 'css' | 'prefetched';

async function measureBytes(browser: Browser, origin: string, target: PageUnderTest): Promise<PageBytes> {
  const bodies = new Map<string, Promise<{ kind: Kind; body: Buffer }>>();
  await openPage(browser, origin, target, NETWORKS[0] as Network, (response) => {
    const type = response.headers()['content-type'] ?? '';
    const kind = type.includes('javascript') ? 'js' : type.includes('css') ? 'css' : undefined;
    if (!kind || bodies.has(response.url())) return;
    // body() is the decoded file; the compressed sizes are counted from it the same way for both builds.
    // Chromium marks a prefetch with `Sec-Purpose: prefetch`: the next section's files, not this page's.
    bodies.set(
      response.url(),
      Promise.all([response.body(), response.request().allHeaders()]).then(([body, headers]) => ({
        kind: headers['sec-purpose'] === 'prefetch' ? 'prefetched' : kind,
        body,
      })),
    );
  });
  const empty = (): Bytes => ({ raw: 0, gzip: 0, brotli: 0, files: 0 });
  const bytes: PageBytes = { js: empty(), css: empty(), prefetched: empty() };
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

function byteRows(page: PageUnderTest, federated: PageBytes, single: PageBytes): Row[] {
  return (['brotli', 'gzip'] as const).map((encoding) => {
    const detail = (bytes: PageBytes) => {
      const own = `JS ${kB(bytes.js[encoding]).toFixed(1)} + CSS ${kB(bytes.css[encoding]).toFixed(1)}, ${bytes.js.files + bytes.css.files} files`;
      const next = PAGES.find((other) => other.arrivesFrom === page.name)?.name ?? 'next';
      return bytes.prefetched.files === 0
        ? own
        : `${own}; then at idle for the ${next} page ${kB(bytes.prefetched[encoding]).toFixed(1)} in ${bytes.prefetched.files} files`;
    };
    const value = kB(federated.js[encoding] + federated.css[encoding]);
    const baseline = kB(single.js[encoding] + single.css[encoding]);
    const landing = page.name === 'landing';
    return {
      group: 'pages',
      name: `${page.name} JS+CSS ${encoding}`,
      value,
      unit: 'kB',
      detail: detail(federated),
      baseline: { label: 'single', value: baseline, detail: detail(single) },
      ...(landing ? { goals: [{ text: `≤ ${LANDING_GOAL}× single`, met: value <= LANDING_GOAL * baseline }] } : {}),
    } satisfies Row;
  });
}

function timeGoals(network: Network, target: PageUnderTest, value: number, baseline: number): Row['goals'] {
  if (network.name !== GOAL_NETWORK) return undefined;
  const goal = target.name === 'landing' ? LANDING_GOAL : SECTION_GOAL;
  return [{ text: `≤ ${goal}× single`, met: value <= goal * baseline }];
}

export interface PagesDetails {
  bytes: Record<string, Record<Build, PageBytes>>;
  /** Per network, per page (`quiz` opened directly, `quiz from landing` reached within the app), per build. */
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
      rows.push(...byteRows(target, federated, single));
    }

    for (const network of NETWORKS) {
      const targets = PAGES.filter((target) => !network.pages || network.pages.includes(target.name));
      const arrivals = network.arrivals ? PAGES.filter((target) => target.arrivesFrom) : [];
      log(`pages: time to usable, ${network.name}, ${network.runs} runs`);
      const measures = [
        ...targets.map((target) => ({
          target,
          label: target.name,
          open: (origin: string) => openPage(browser, origin, target, network),
        })),
        ...arrivals.map((target) => ({
          target,
          label: `${target.name} from ${target.arrivesFrom}`,
          open: (origin: string) => arrive(browser, origin, target, network),
        })),
      ];
      const samples = Object.fromEntries(
        measures.map(({ label }) => [label, { federated: [] as number[], single: [] as number[] }]),
      );
      for (let run = 0; run < network.runs; run += 1) {
        for (const { label, open } of measures) {
          // Alternating which build goes first spreads the machine's noise over both.
          const order: Build[] = run % 2 === 0 ? ['federated', 'single'] : ['single', 'federated'];
          for (const which of order) samples[label]?.[which].push(await open(servers[which].origin));
        }
      }
      details.usableMs[network.name] = samples;
      for (const { target, label } of measures) {
        const value = median(samples[label]?.federated ?? []);
        const baseline = median(samples[label]?.single ?? []);
        const arrival = label !== target.name;
        const goals = arrival ? undefined : timeGoals(network, target, value, baseline);
        rows.push({
          group: 'pages',
          name: `${label} usable, ${network.name}`,
          value,
          unit: 'ms',
          detail: `median of ${network.runs}${arrival ? ', from the navigation' : ''}`,
          baseline: { label: 'single', value: baseline },
          ...(goals ? { goals } : {}),
        });
      }
    }
    return { rows, details };
  } finally {
    await browser.close();
    await Promise.all(Object.values(servers).map((server) => server.close()));
  }
}
