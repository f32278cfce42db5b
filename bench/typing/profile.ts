// `pnpm --filter bench profile:typing [slate|quill|textarea] [words] [cpu slowdown]`: where a keystroke's time goes
// on the typing bench's page, from Chromium's own tools (a trace of the renderer's main thread and a
// V8 CPU profile, both through the DevTools protocol). Not a figure of `pnpm bench`: a tool for
// finding what to make faster, whose output is read by an engineer.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchChromium } from '../lib/chromium.ts';
import { claimPort, cleanUpNow, makeTempDir } from '../lib/processes.ts';
import { percentile } from '../lib/report.ts';
import { startStaticServer } from '../lib/static-server.ts';
import type { TypingBenchApi } from './page/editor-under-test.ts';
import { buildTypingPage, openTypingPage, typeBurst } from './typing.ts';

const editor = process.argv[2] ?? 'slate';
const words = Number(process.argv[3] ?? 10_000);
/** As the bench's slow-CPU run: 4 profiles the page on a CPU four times slower (DevTools' emulation). */
const cpuSlowdown = Number(process.argv[4] ?? 1);
const KEYS = 120;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which source file each position of a built chunk came from, by the chunk's source map. */
function sourceMaps(dir: string): Map<string, SourceMap> {
  const maps = new Map<string, SourceMap>();
  for (const file of fs.readdirSync(path.join(dir, 'assets'))) {
    if (!file.endsWith('.js.map')) continue;
    maps.set(
      file.slice(0, -'.map'.length),
      new SourceMap(JSON.parse(fs.readFileSync(path.join(dir, 'assets', file), 'utf8'))),
    );
  }
  return maps;
}

function sourceOf(maps: Map<string, SourceMap>, frame: ProfileNode['callFrame']): string {
  if (!frame.url) return '(native)';
  const map = maps.get(path.basename(new URL(frame.url).pathname));
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string } | undefined;
  const source = entry?.originalSource ?? 'page';
  const packageMatch = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  return packageMatch?.[1] ?? source.replace(/^.*?\/(remote-quiz|shared|bench)\//, '$1/');
}

function top(totals: Map<string, number>, count: number, per: number): string[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${(ms / per).toFixed(3).padStart(8)} ms  ${name}`);
}

interface Slice {
  ts: number;
  end: number;
  name: string;
  self: number;
}

/** The page renderer's main thread: self time of every trace event, and each keystroke's window. */
function summarizeTrace(events: TraceEvent[]) {
  const mainThread = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((event) => mainThread && event.pid === mainThread.pid && event.tid === mainThread.tid)
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const slices: Slice[] = [];
  const stack: Slice[] = [];
  let busy = 0;
  for (const event of onMain) {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const dur = event.dur ?? 0;
    const parent = stack.at(-1);
    if (parent) parent.self -= dur;
    else busy += dur / 1000;
    const name = event.name === 'EventDispatch' ? `EventDispatch ${event.args?.data?.type}` : event.name;
    const slice = { ts: event.ts, end: event.ts + dur, name, self: dur };
    slices.push(slice);
    stack.push(slice);
  }
  const selfByName = new Map<string, number>();
  for (const slice of slices) selfByName.set(slice.name, (selfByName.get(slice.name) ?? 0) + slice.self / 1000);

  // Each keystroke from its keydown to the end of the first paint after its input event: what the
  // main thread did in that window, and how long it waited.
  const category = (name: string): string => {
    if (/GC/.test(name)) return 'garbage collection';
    if (name === 'EventDispatch textInput') return "browser's own text insertion (textInput)";
    if (
      /^(FunctionCall|TimerFire|FireAnimationFrame|FireIdleCallback|RunMicrotasks|EventDispatch|v8\.|V8\.)/.test(name)
    ) {
      return 'script (JS and its event dispatch)';
    }
    if (/Layout|Style|UpdateLayoutTree/.test(name)) return 'style and layout';
    if (/Paint|Layerize|Commit|UpdateLayer|Composite/.test(name)) return 'paint and commit';
    return `other (${name})`;
  };
  const windowed = new Map<string, number>();
  let keystrokes = 0;
  let windowTotal = 0;
  const keydowns = slices.filter((slice) => slice.name === 'EventDispatch keydown');
  keydowns.forEach((keydown, index) => {
    const next = keydowns[index + 1]?.ts ?? Number.POSITIVE_INFINITY;
    const input = slices.find(
      (slice) => slice.name === 'EventDispatch input' && slice.ts > keydown.ts && slice.ts < next,
    );
    const paint = input && slices.find((slice) => slice.name === 'Paint' && slice.ts > input.end && slice.ts < next);
    if (!paint) return;
    keystrokes += 1;
    windowTotal += (paint.end - keydown.ts) / 1000;
    let inWindow = 0;
    for (const slice of slices) {
      if (slice.ts < keydown.ts || slice.ts > paint.end) continue;
      inWindow += slice.self / 1000;
      const key = category(slice.name);
      windowed.set(key, (windowed.get(key) ?? 0) + slice.self / 1000);
    }
    windowed.set(
      'main thread idle or elsewhere',
      (windowed.get('main thread idle or elsewhere') ?? 0) + (paint.end - keydown.ts) / 1000 - inWindow,
    );
  });

  return { busy, selfByName, windowed, keystrokes, windowTotal };
}

/** The CPU profile's self time by function and by source package, and inclusive time by function. */
function summarizeProfile(profile: CpuProfile, maps: Map<string, SourceMap>) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const bySource = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    const source = sourceOf(maps, frame);
    const name = `${frame.functionName || '(anonymous)'} [${source}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    bySource.set(source, (bySource.get(source) ?? 0) + ms);
  });
  // Inclusive time: every function on the sampled stack, once per sample.
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame?.url) continue;
      const name = `${frame.functionName || '(anonymous)'} [${sourceOf(maps, frame)}:${frame.lineNumber}]`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  bySource.delete('(native)');
  byFunction.delete('(idle) [(native)]');

  return { bySource, byFunction, inclusive };
}

const outDir = makeTempDir('typing-profile');
try {
  await buildTypingPage(outDir, { readable: true });
  const server = await startStaticServer(
    { mounts: [{ prefix: '/', dir: outDir }], appPage: path.join(outDir, 'index.html') },
    await claimPort(),
  );
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await openTypingPage(page, server.origin, editor, words);

  const cdp = await page.context().newCDPSession(page);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const typeKeys = async () => {
    await typeBurst(page, KEYS, 0);
    await sleep(500);
  };

  // Two passes, so the sampling profiler's own cost is not in the trace.
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
  });
  await page.evaluate(() => (window as Window & { typingBench?: TypingBenchApi }).typingBench?.reset());
  await typeKeys();
  const latencies =
    (await page.evaluate(() => (window as Window & { typingBench?: TypingBenchApi }).typingBench?.read().latencies)) ??
    [];
  await cdp.send('Tracing.end');
  await traced;

  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await typeKeys();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };

  // Both open in Chromium's DevTools (Performance panel: load profile) for a closer look.
  const saveTo = process.env.TYPING_PROFILE_OUT;
  if (saveTo) {
    fs.mkdirSync(saveTo, { recursive: true });
    fs.writeFileSync(path.join(saveTo, `${editor}-${words}.cpuprofile`), JSON.stringify(profile));
    fs.writeFileSync(path.join(saveTo, `${editor}-${words}.trace.json`), JSON.stringify({ traceEvents: events }));
  }

  const trace = summarizeTrace(events);
  const cpu = summarizeProfile(profile, sourceMaps(outDir));

  const slowdown = cpuSlowdown > 1 ? `, CPU ${cpuSlowdown}× slower` : '';
  console.log(`${editor} at ${words} words${slowdown}, ${KEYS} keystrokes; per keystroke:`);
  console.log(`main thread busy ${(trace.busy / KEYS).toFixed(3)} ms (trace)`);
  console.log(
    `keystroke to paint (the bench's probe, while tracing): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  );
  console.log(
    `\nkeydown to the end of its paint: ${(trace.windowTotal / trace.keystrokes).toFixed(3)} ms (${trace.keystrokes} keystrokes):`,
  );
  for (const line of top(trace.windowed, 20, trace.keystrokes)) console.log(line);
  console.log('\nmain-thread trace events, self time:');
  for (const line of top(trace.selfByName, 25, KEYS)) console.log(line);
  console.log('\nJavaScript by source (CPU profile, self time):');
  for (const line of top(cpu.bySource, 20, KEYS)) console.log(line);
  console.log('\nJavaScript by function (CPU profile, self time):');
  for (const line of top(cpu.byFunction, 40, KEYS)) console.log(line);
  console.log('\nJavaScript by function (CPU profile, inclusive time):');
  for (const line of top(cpu.inclusive, 60, KEYS)) console.log(line);
  await browser.close();
  await server.close();
} finally {
  cleanUpNow();
}
