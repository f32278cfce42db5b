import fs from 'node:fs';
import { serve } from '../../api/src/serve.ts';

/**
 * The API whose clock stands `CLOCK_AHEAD_MS` ahead of the machine's, serving the built front ends
 * as `pnpm start` does: a browser test that needs a month to have ended (the gender report,
 * e2e/review-gender-months.spec.ts) starts the server again on the same data folder, later. With
 * `CLOCK_AHEAD_FILE`, the milliseconds ahead are read from that file at each look instead, so a
 * test moves the clock by writing it, without a restart (e2e/review-attempt-end.spec.ts). The
 * clock is given in code (`AppOptions.now`), which the built server, an entry point with no
 * exports, cannot take: so this runs the API's sources under tsx, as the API tests do.
 */
const file = process.env.CLOCK_AHEAD_FILE;
const fixed = Number(process.env.CLOCK_AHEAD_MS ?? 0);
const ahead = file ? () => Number(fs.readFileSync(file, 'utf8')) : () => fixed;
await serve({ now: () => Date.now() + ahead() });
