// `pnpm test:unit -- <file>` and `pnpm test:e2e -- <spec>` (the README's developer loop): pnpm hands
// the script a literal `--`, after which vitest and playwright ignore every argument, filters and
// flags alike, and run the whole suite. This drops that one `--`, then runs the tool as it was named.
import { spawn } from 'node:child_process';

const [tool, ...given] = process.argv.slice(2);
const separator = given.indexOf('--');
const args = separator === -1 ? given : [...given.slice(0, separator), ...given.slice(separator + 1)];
const child = spawn(tool, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
