import { execFileSync } from 'node:child_process';
import { type Browser, chromium } from '@playwright/test';

/** Debian's Chromium, as the end-to-end tests use it; no tool downloads a browser of its own. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const QUIET_CHROMIUM = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...QUIET_CHROMIUM, ...extraArgs] });
}

export function chromiumVersion(): string {
  try {
    // Debian's launcher script complains on stderr about its own environment checks; only the version matters.
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * A function of this code as a script for the page. tsx compiles the bench with esbuild's
 * keepNames, which wraps inner functions in a `__name` helper that does not exist in the page.
 */
export function pageScript<T>(run: (arg: T) => void, arg: T): string {
  return `(() => { const __name = (fn) => fn; (${run.toString()})(${JSON.stringify(arg)}); })();`;
}
