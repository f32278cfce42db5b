import { serve } from '../../api/src/serve.ts';
import { sectionsWithCoding } from '../../api/test/coding-section.ts';

/**
 * The API with the test-only section that keeps a record (`api/test/coding-section.ts`), serving the
 * built front ends as `pnpm start` does. The registry is given in code (`AppOptions.sections`),
 * which the built server, an entry point with no exports, cannot take: so this runs the API's
 * sources under tsx, as the API tests do. `startApiInstance` (./api-instances.ts) reads the port
 * from the line it prints once it listens.
 */
await serve({ sections: sectionsWithCoding });
