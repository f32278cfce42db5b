// `pnpm test`: every test, in the order that lets the most run at once on two cores, then a table of
// where the time went (issue: "the whole test run in 20 minutes").
//
// Lint comes first: it takes a second and fails most often. The type check, the unit tests and the
// build then run together: the unit tests mostly wait on their databases and servers, while the type
// check and the build keep the cores busy, and neither the unit tests nor the type check need the
// build. The end-to-end tests need the build, so they run last, with the cores to themselves.
//
// The table is printed at the end whatever failed, so a slow test is seen the run it arrives.
// `SETUP_SECONDS` (set by `.ci/run`) adds the set-up's line.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Not Playwright's `test-results/`, which it empties when the end-to-end tests start: the unit
// tests' report, written before, would be gone by the time the table is printed.
const reports = path.join(root, 'test-reports');
const unitReport = path.join(reports, 'unit-report.json');
const e2eReport = path.join(reports, 'e2e-report.json');

/** How long each phase took, in the order the table prints them. */
const phases = [];

/**
 * Runs `command` with the output prefixed by `label` when it runs beside others, so each line
 * says which phase wrote it; resolves to its exit code.
 */
function run(label, command, args, { env = {}, prefixed = false } = {}) {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (prefixed) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (data) => {
        const lines = (rest + data.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`[${label}] ${line}\n`);
      });
      from.on('end', () => rest && to.write(`[${label}] ${rest}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      phases.push({ label, seconds, status });
      resolve(code ?? 1);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's report: each file's time from its first test's start to its last one's end. */
function slowestUnitFiles(report) {
  return (report?.testResults ?? []).map((file) => ({
    file: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }));
}

/** Playwright's report: each spec file's tests' time added up (they may run on several workers). */
function slowestE2eFiles(report) {
  const files = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      const entry = files.get(file) ?? { file: `e2e/${file}`, seconds: 0, tests: 0, retries: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.seconds += result.duration / 1000;
        entry.retries += Math.max(0, test.results.length - 1);
      }
      files.set(file, entry);
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return [...files.values()];
}

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

function printTable(total) {
  const lines = ['', 'Where the time went (wall clock; phases on one line ran side by side)', ''];
  const setup = Number(process.env.SETUP_SECONDS);
  if (Number.isFinite(setup) && setup > 0) lines.push(`  ${'set-up'.padEnd(12)} ${minutes(setup).padStart(6)}  passed`);
  const order = ['lint', 'types', 'unit', 'build', 'end to end'];
  for (const phase of phases.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label))) {
    lines.push(`  ${phase.label.padEnd(12)} ${minutes(phase.seconds).padStart(6)}  ${phase.status}`);
  }
  const whole = total + (Number.isFinite(setup) ? setup : 0);
  lines.push(`  ${'total'.padEnd(12)} ${minutes(whole).padStart(6)}`);
  const suites = [
    ['unit', slowestUnitFiles(readJson(unitReport)), 'wall'],
    ['end to end', slowestE2eFiles(readJson(e2eReport)), 'summed over its tests'],
  ];
  for (const [name, files, meaning] of suites) {
    if (files.length === 0) continue;
    const tests = files.reduce((sum, file) => sum + file.tests, 0);
    const retries = files.reduce((sum, file) => sum + (file.retries ?? 0), 0);
    lines.push('', `Ten slowest ${name} files (seconds, ${meaning}) of ${files.length} files, ${tests} tests:`);
    if (name === 'end to end') lines.push(`  retries: ${retries}`);
    for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
      lines.push(`  ${file.seconds.toFixed(1).padStart(7)}  ${file.file} (${file.tests})`);
    }
  }
  console.log(lines.join('\n'));
}

const started = Date.now();
fs.mkdirSync(reports, { recursive: true });
for (const report of [unitReport, e2eReport]) fs.rmSync(report, { force: true });

let failed = (await run('lint', 'pnpm', ['lint'])) !== 0;
if (!failed) {
  const together = await Promise.all([
    run('types', 'pnpm', ['typecheck'], { prefixed: true }),
    run('unit', 'pnpm', ['test:unit', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`], {
      prefixed: true,
    }),
    run('build', 'pnpm', ['build'], { prefixed: true }),
  ]);
  failed = together.some((code) => code !== 0);
}
if (!failed) {
  failed =
    (await run('end to end', 'pnpm', ['test:e2e', '--reporter=list,json'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    })) !== 0;
}
printTable((Date.now() - started) / 1000);
process.exit(failed ? 1 : 0);
