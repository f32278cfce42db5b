import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SECTIONS } from '@assessment/core';
import { remoteFolder } from '@assessment/core/deploy';
import { packBuildFolder } from './pack.ts';
import { ProductRefusal, productApi, type ReleaseView, type Stages, type StatusView } from './product-api.ts';
import { smokeTest } from './smoke.ts';

/**
 * `pnpm release`: a section team's one command. It talks to the running product at PRODUCT_URL
 * with the team's key (RELEASE_KEY, from `pnpm --filter api release-key add`), which checks every
 * release before any candidate gets it (DEPLOY.md, "Releasing a remote").
 */
const sectionIds = SECTIONS.sections.map((section) => section.id).join('|');
const USAGE = `Usage (PRODUCT_URL, default http://localhost:8080, and RELEASE_KEY set):
  pnpm release <${sectionIds}> [--dist <folder> | --url <address of remoteEntry.js>] [--label <label>] [--smoke] [--hold | --share <percent> [--stages <percent>,… --every <minutes>]]
      builds the remote (unless --dist or --url), sends it, and makes it live once the product has checked it:
      for every candidate, or with --share for that percentage of the sessions opened from now on; with
      --stages, the share goes on to each of them by itself, --every minutes apart, while the version stays healthy;
      with --hold, for nobody yet: preview it, then give the same command without --hold
  pnpm release promote <section> [--share <percent>]
      raises the share of the release on a share, to 100% (live for every new session) by default
  pnpm release preview <section> <version> [--hours <1 to 24>]
      prints a link that opens the product with that version for whoever holds it, 24 hours at most;
      no candidate gets it, and no list or count holds what is done through it
  pnpm release status
  pnpm release history <section>
  pnpm release rollback <section> [--to <version>]`;

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Where `pnpm release` was typed: pnpm runs the script from this package's folder. */
const typedIn = process.env.INIT_CWD ?? process.cwd();

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dist: { type: 'string' },
    url: { type: 'string' },
    label: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    hold: { type: 'boolean', default: false },
    to: { type: 'string' },
    share: { type: 'string' },
    stages: { type: 'string' },
    every: { type: 'string' },
    hours: { type: 'string' },
    product: { type: 'string' },
  },
});

const product = values.product ?? process.env.PRODUCT_URL ?? 'http://localhost:8080';
const key = process.env.RELEASE_KEY ?? '';
if (!key) fail(`RELEASE_KEY is not set: ask the operator for your section's key.\n${USAGE}`, 2);
const api = productApi(product, key);

function section(id: string | undefined) {
  const found = SECTIONS.byId(id ?? '');
  if (!found) fail(`There is no section "${id ?? ''}".\n${USAGE}`, 2);
  return found;
}

/** The team's label: `--label`, else `git describe` of the checkout, else the date. */
function label(): string {
  if (values.label) return values.label;
  const described = spawnSync('git', ['describe', '--tags', '--always', '--dirty'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return described.status === 0 ? described.stdout.trim() : new Date().toISOString().slice(0, 10);
}

const live = (row: StatusView) =>
  row.live
    ? `${row.live.version} (${row.live.kind === 'url' ? 'hosted by the team' : 'uploaded'}), live since ${row.live.since} by ${row.live.by}`
    : 'nothing live';

/** `--share`: a whole percentage from 1 to 100, or undefined when not given. */
function shareOption(): number | undefined {
  if (values.share === undefined) return undefined;
  const percent = Number(values.share.replace(/%$/, ''));
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
    fail(`--share takes a whole percentage from 1 to 100, not "${values.share}".`, 2);
  }
  return percent;
}

/** `--stages 50,100 --every 15`, after a `--share` below 100; undefined when not given. */
function stagesOption(share: number | undefined): Stages | undefined {
  if (values.stages === undefined && values.every === undefined) return undefined;
  const stages = (values.stages ?? '').split(',').map((one) => Number(one.trim().replace(/%$/, '')));
  const everyMinutes = Number(values.every);
  if (share === undefined || share >= 100) fail('--stages follow a --share below 100.', 2);
  if (stages.some((one) => !Number.isInteger(one) || one < 1 || one > 100)) {
    fail(`--stages takes whole percentages from 1 to 100, comma-separated, not "${values.stages ?? ''}".`, 2);
  }
  if (!Number.isInteger(everyMinutes) || everyMinutes < 1 || everyMinutes > 1440) {
    fail(`--every takes the minutes between stages, from 1 to 1440, not "${values.every ?? ''}".`, 2);
  }
  return { stages, everyMinutes };
}

const candidate = (row: StatusView) =>
  row.candidate
    ? `; ${row.candidate.version} on ${row.candidate.share}% of new sessions${row.candidate.next ? `, ${row.candidate.next.share}% by itself at ${row.candidate.next.at} if healthy after the minimum of loads` : ''}`
    : '';

async function currentVersion(id: string): Promise<string | null> {
  return (await api.status()).find((row) => row.section === id)?.live?.version ?? null;
}

async function release(id: string): Promise<void> {
  const target = section(id);
  const share = shareOption();
  const stages = stagesOption(share);
  if (values.dist && values.url) fail('Give --dist or --url, not both.', 2);
  if (values.hold && share !== undefined) fail('Give --hold or --share, not both.', 2);
  const from = await currentVersion(target.id);
  const name = label();
  let stored: { release: ReleaseView; existing: boolean };
  if (values.url) {
    if (values.smoke) fail('--smoke mounts a build folder: use it with --dist, or without --url.', 2);
    console.log(`Asking ${product} to check ${values.url} …`);
    stored = await api.hosted(target.id, values.url, name);
  } else {
    let folder = values.dist ? path.resolve(typedIn, values.dist) : path.join(repoRoot, remoteFolder(target), 'dist');
    if (!values.dist) {
      console.log(`Building ${remoteFolder(target)} …`);
      const built = spawnSync('pnpm', ['--filter', remoteFolder(target), 'build'], { cwd: repoRoot, stdio: 'inherit' });
      if (built.status !== 0) fail(`The build of ${remoteFolder(target)} failed; nothing was sent.`);
      folder = path.join(repoRoot, remoteFolder(target), 'dist');
    }
    if (values.smoke) {
      console.log(`Mounting ${target.id} in the shell in Chromium …`);
      await smokeTest(target, folder).catch((error: unknown) =>
        fail(`The smoke test failed, so nothing was sent: ${(error as Error).message}`),
      );
      console.log('The section mounted in the shell.');
    }
    const packed = await packBuildFolder(folder);
    if (packed.leftOut.length > 0)
      console.log(`Left out (a type a release does not take): ${packed.leftOut.join(', ')}`);
    console.log(
      `Sending ${packed.files.length} files (${Math.round(packed.archive.length / 1024)} KiB) to ${product} …`,
    );
    stored = await api.upload(target.id, packed.archive, name);
  }
  const { version } = stored.release;
  console.log(`${stored.existing ? 'Already released' : 'Released and checked'}: ${target.id} ${version}`);
  if (values.hold) {
    console.log(`Live for nobody yet. Look at it with: pnpm release preview ${target.id} ${version}`);
    console.log('Then give the same command without --hold to make it live (or --share to start with some).');
    return;
  }
  const made = await api.makeLive(target.id, version, from, share, stages);
  if (share !== undefined && share < 100) {
    console.log(
      `${target.id} ${version} goes to ${share}% of the sessions opened from now on (the others get ${from ?? 'nothing'}), on every instance within 5 s.`,
    );
    if (stages) {
      console.log(
        `Then to ${stages.stages.join('%, ')}% by itself, every ${stages.everyMinutes} minutes, while it stays healthy; any change by hand ends that.`,
      );
    }
    console.log(`Raise it with: pnpm release promote ${target.id} [--share <percent>]`);
    return;
  }
  console.log(
    made.changed
      ? `${target.id} ${version} is live (it was ${from ?? 'nothing'}): every instance serves it within 5 s.`
      : `${target.id} ${version} was live already.`,
  );
}

async function promote(id: string): Promise<void> {
  const target = section(id);
  const made = await api.promote(target.id, shareOption());
  console.log(
    made.share === 100
      ? `${target.id} ${made.version} is live for every new session: every instance serves it within 5 s.`
      : `${target.id} ${made.version} goes to ${made.share}% of new sessions, on every instance within 5 s.`,
  );
}

async function preview(id: string, version: string): Promise<void> {
  const target = section(id);
  const hours = values.hours === undefined ? undefined : Number(values.hours);
  if (hours !== undefined && (!Number.isInteger(hours) || hours < 1 || hours > 24)) {
    fail(`--hours takes a whole number of hours from 1 to 24, not "${values.hours ?? ''}".`, 2);
  }
  const given = await api.preview(target.id, version, hours);
  console.log(`A preview of ${target.id} ${given.version}, for whoever holds the link, until ${given.expiresAt}:`);
  console.log(given.url);
  console.log('No candidate gets this version until you make it live; nothing done through the link is counted.');
}

async function status(): Promise<void> {
  for (const row of await api.status()) {
    console.log(`${row.section}\t${live(row)}${candidate(row)}`);
    const back = row.lastRollback;
    if (back) console.log(`\trolled back ${back.version} at ${back.at} by ${back.by}: ${back.reason ?? ''}`);
    for (const told of row.told) console.log(`\ttold ${told.to}: ${told.state}`);
  }
}

async function history(id: string): Promise<void> {
  for (const entry of await api.history(section(id).id)) {
    const what = entry.previousVersion ? `${entry.version} (was ${entry.previousVersion})` : (entry.version ?? '-');
    console.log(`${entry.at}\t${entry.kind}\t${what}\tby ${entry.by}${entry.reason ? `\t${entry.reason}` : ''}`);
  }
}

async function rollback(id: string): Promise<void> {
  const target = section(id);
  const from = await currentVersion(target.id);
  const made = await api.rollback(target.id, values.to, from);
  console.log(
    `${target.id} is back on ${made.live.version} (it was ${from ?? 'nothing'}): every instance serves it within 5 s.`,
  );
}

const [command, argument, ...rest] = positionals;
try {
  if (command === 'status' && !argument) await status();
  else if (command === 'history' && argument && rest.length === 0) await history(argument);
  else if (command === 'rollback' && argument && rest.length === 0) await rollback(argument);
  else if (command === 'promote' && argument && rest.length === 0) await promote(argument);
  else if (command === 'preview' && argument && rest.length === 1) await preview(argument, rest[0] as string);
  else if (command && SECTIONS.byId(command) && !argument) await release(command);
  else fail(USAGE, 2);
} catch (error) {
  if (error instanceof ProductRefusal) fail(`Refused (${error.status}): ${error.message}`);
  throw error;
}
