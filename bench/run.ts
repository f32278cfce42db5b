// `pnpm bench`: every measurement of issues 8, 23 and 57 in one run, each beside a baseline measured in
// the same run, printed as one table and written to bench/results.json. A missed goal is reported,
// never a failure: benchmarks are not tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchApi } from './api/api.ts';
import { benchCrowd } from './crowd/crowd.ts';
import { benchInsights } from './insights/insights.ts';
import { chromiumVersion } from './lib/chromium.ts';
import { benchRoot, cleanUp, cleanUpNow, repoRoot } from './lib/processes.ts';
import { type Failure, formatTable, type Row, ratio } from './lib/report.ts';
import { benchPages } from './pages/pages.ts';
import { benchPinnedSessions } from './pages/pinned-sessions.ts';
import { benchTyping } from './typing/typing.ts';
import { benchUpload } from './upload/upload.ts';

type Group = Row['group'];

const phases: Record<Group, (log: (line: string) => void) => Promise<{ rows: Row[]; details: unknown }>> = {
  async pages(log) {
    const pages = await benchPages(log);
    return { rows: [...pages.rows, ...(await benchPinnedSessions(log))], details: pages.details };
  },
  typing: benchTyping,
  api: benchApi,
  upload: benchUpload,
  crowd: benchCrowd,
  insights: benchInsights,
};

/** `pnpm bench typing api` runs just those; no argument runs them all. */
const requested = process.argv.slice(2) as Group[];
const unknown = requested.filter((name) => !Object.hasOwn(phases, name));
if (unknown.length > 0) {
  console.error(`Unknown measurement ${unknown.join(', ')}; choose from ${Object.keys(phases).join(', ')}`);
  process.exit(2);
}
const selected = requested.length > 0 ? requested : (Object.keys(phases) as Group[]);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUpNow();
    process.exit(130);
  });
}

const startedAt = new Date();
const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const rows: Row[] = [];
const failures: Failure[] = [];
const details: Partial<Record<Group, unknown>> = {};
const loadBefore = os.loadavg();

for (const group of selected) {
  try {
    const result = await phases[group](log);
    rows.push(...result.rows);
    details[group] = result.details;
  } catch (error) {
    // One broken measurement must not hide the others.
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`${group}: could not be measured: ${message}`);
    failures.push({ group, error: error instanceof Error ? error.message : String(error) });
  } finally {
    // Each measurement starts on a quiet machine: nothing of the previous one left running or on disk.
    await cleanUp();
  }
}

const results = {
  startedAt: startedAt.toISOString(),
  seconds: Math.round((performance.now() - started) / 1000),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryBytes: os.totalmem(),
    node: process.version,
    chromium: chromiumVersion(),
    // Other work on the machine shows here; it is why every figure has a baseline from the same run.
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg(),
  },
  rows: rows.map((row) => ({ ...row, ratio: ratio(row) })),
  failures,
  details,
};
const resultsFile = path.join(benchRoot, 'results.json');
fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

console.log(`\n${formatTable(rows, failures)}\n`);
const goals = rows.flatMap((row) => row.goals ?? []);
console.log(
  `${goals.filter((goal) => !goal.met).length} of ${goals.length} goals missed; ` +
    `load average ${loadBefore[0]?.toFixed(1)} before, ${os.loadavg()[0]?.toFixed(1)} after; ` +
    `${results.seconds} s. Raw samples: ${path.relative(repoRoot, resultsFile)}`,
);
// A broken measurement is a broken bench, which is worth a non-zero exit; a missed goal is not.
process.exitCode = failures.length > 0 ? 1 : 0;
