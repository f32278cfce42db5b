import { buildApp } from '../../api/src/app.ts';
import { configFromEnv } from '../../api/src/config.ts';
import { sectionsWithCoding } from '../../api/test/coding-section.ts';

/**
 * The API with the test-only section that keeps a record (`api/test/coding-section.ts`), serving the
 * built front ends as `pnpm start` does. The registry is given in code (`AppOptions.sections`),
 * which the built server, an entry point with no exports, cannot take: so this runs the API's
 * sources under tsx, as the API tests do. It prints the line the built server prints once it
 * listens, which `startApiInstance` (./api-instances.ts) reads.
 */
const config = configFromEnv();
const app = await buildApp(config, { sections: sectionsWithCoding });
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as { port: number };
console.log(`Listening on http://localhost:${port}/`);
