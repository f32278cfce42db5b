import { sampleTestId } from '@assessment/core';
import { type AppOptions, buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

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

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  console.log(`The assessment is running. Open a sample invitation: http://localhost:${port}/invite/${sampleTestId}`);
}
