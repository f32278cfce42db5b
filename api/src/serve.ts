import { sampleTestId } from '@assessment/core';
import { type AppOptions, buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

/**
 * How many new connections the kernel holds for the API while its event loop is busy, up to the
 * system's own cap (`net.core.somaxconn`, 4096 on current Linux). Node's default, 511, overflowed
 * in `pnpm bench crowd` as 5,000 candidates arrived over 10 s: the kernel dropped 5,282
 * connection attempts in one run, each then waiting for its retransmission (1 s, then 3 s, then
 * 7 s), and registrations took up to 10 s (`bench/README.md`).
 */
const LISTEN_BACKLOG = 4096;

/**
 * The API as a process: configured from the environment, listening, and closed on SIGTERM or
 * SIGINT. `pnpm start` runs it as built (`main.ts`); a browser test that needs a registry of its
 * own (e2e/support/section-record-server.ts) runs it with `options`.
 */
export async function serve(options: AppOptions = {}): Promise<void> {
  const config = configFromEnv();
  const app = await buildApp(config, options);

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // Requests in flight get a few seconds to finish; a stalled upload must not hold the
      // shutdown for the whole request timeout (tus uploads resume anyway).
      setTimeout(() => process.exit(0), 5000).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error);
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const { port } = app.server.address() as { port: number };
  console.log(`The assessment is running. Open a sample invitation: http://localhost:${port}/invite/${sampleTestId}`);
}
