import { execFileSync } from 'node:child_process';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_PATH, QUIET_CHROMIUM_ARGS } from 'e2e/chromium';

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...QUIET_CHROMIUM_ARGS, ...extraArgs] });
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
