import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The repository root; the bench runs the product from here, as `pnpm start` does. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const benchRoot = path.resolve(import.meta.dirname, '..');

/** Everything this run started or made, so it can all be removed however the run ends. */
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const claimedPorts = new Set<number>();

export function makeTempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Ports 8400-8499 are the bench's share of this machine; other engineers' servers stay clear of them. */
const FIRST_PORT = 8400;
const LAST_PORT = 8499;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function claimPort(): Promise<number> {
  for (let port = FIRST_PORT; port <= LAST_PORT; port += 1) {
    if (claimedPorts.has(port)) continue;
    claimedPorts.add(port);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port between ${FIRST_PORT} and ${LAST_PORT}`);
}

export interface ServerProcess {
  pid: number;
  origin: string;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  // The product gives requests in flight five seconds on SIGTERM; after that it is stuck.
  const stopped = await Promise.race([exited.then(() => true), sleep(8000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
  children.delete(child);
}

/**
 * Starts a Node server in its own process (never in the bench's, whose event loop drives the load)
 * and waits until `readyPath` answers.
 */
export async function startNodeServer(
  name: string,
  {
    args,
    cwd,
    env,
    port,
    readyPath,
  }: { args: string[]; cwd: string; env: NodeJS.ProcessEnv; port: number; readyPath: string },
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    // The product logs every request at info level; it is kept (that is how it runs) but not shown.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => {
    stderr = (stderr + data.toString()).slice(-4000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = { pid: child.pid ?? -1, origin, stop: () => stopChild(child) };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      children.delete(child);
      throw new Error(`${name} exited before it was ready: ${stderr.trim() || `code ${child.exitCode}`}`);
    }
    try {
      const response = await fetch(origin + readyPath);
      await response.body?.cancel();
      return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${name} did not answer ${readyPath} within 60 s: ${stderr.trim()}`);
    }
    await sleep(100);
  }
}

/**
 * One of the floors of `servers/baseline-server.ts`, by its mode and what that mode takes, in a
 * process of its own like the product server.
 */
export async function startBaselineServer(name: string, mode: string, ...modeArgs: string[]): Promise<ServerProcess> {
  const port = await claimPort();
  return startNodeServer(name, {
    args: ['--import', 'tsx', path.join(benchRoot, 'servers/baseline-server.ts'), mode, ...modeArgs],
    cwd: benchRoot,
    env: { PORT: String(port) },
    port,
    readyPath: '/',
  });
}

/** Resident memory of a process, from the kernel's own count. */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kilobytes) * 1024;
}

/** Clock ticks per second of the times in `/proc/<pid>/stat` (USER_HZ, 100 on Linux's x86 and Arm ABIs). */
const TICKS_PER_SECOND = 100;

/**
 * utime, stime, cutime and cstime of a `stat` file, in seconds: fields 14 to 17 of the line, counted
 * after the command name, which may itself hold spaces and parentheses.
 */
function statTimes(file: string): number[] {
  const stat = fs.readFileSync(file, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 15)
    .map((ticks) => Number(ticks) / TICKS_PER_SECOND);
}

/**
 * CPU seconds a process has used (every thread of it), with its children's: those that exited,
 * which the kernel adds to it, and those still running, such as PostgreSQL's backends.
 */
export function cpuSeconds(pid: number): number {
  let total = statTimes(`/proc/${pid}/stat`).reduce((sum, seconds) => sum + seconds, 0);
  for (const child of fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) {
    try {
      total += cpuSeconds(Number(child));
    } catch {
      // It exited since the list was read: its time is in the parent's from now on.
    }
  }
  return total;
}

/** CPU seconds of a process's main thread alone: in Node, the event loop's. */
export function mainThreadCpuSeconds(pid: number): number {
  const [user = 0, system = 0] = statTimes(`/proc/${pid}/task/${pid}/stat`);
  return user + system;
}

/** Samples a process's resident memory until stopped; returns the highest value seen. */
export function samplePeakResident(pid: number, everyMs: number): { stop(): number } {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, residentBytes(pid));
    },
  };
}

/** Stops every server still running and removes every temporary folder of this run. */
export async function cleanUp(): Promise<void> {
  await Promise.all([...children].map(stopChild));
  for (const dir of [...tempDirs]) removeTempDir(dir);
}

/** Last resort when the run is interrupted: nothing may be left behind, even without awaiting. */
export function cleanUpNow(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}
