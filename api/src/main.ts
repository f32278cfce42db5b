import { sampleTestId } from '@assessment/core';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

const config = configFromEnv();
const app = await buildApp(config);

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
