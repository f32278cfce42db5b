import { serve } from '../../api/src/serve.ts';

/**
 * The API whose clock stands `CLOCK_AHEAD_MS` ahead of the machine's, serving the built front ends
 * as `pnpm start` does: a browser test that needs a month to have ended (the gender report,
 * e2e/review-gender-months.spec.ts) starts the server again on the same data folder, later. The
 * clock is given in code (`AppOptions.now`), which the built server, an entry point with no
 * exports, cannot take: so this runs the API's sources under tsx, as the API tests do.
 */
const ahead = Number(process.env.CLOCK_AHEAD_MS ?? 0);
await serve({ now: () => Date.now() + ahead });
