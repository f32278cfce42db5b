import { z } from 'zod';

/**
 * Zod compiles a fast parser for each object schema with `new Function`, and on the first object
 * schema it probes whether eval is allowed by running `new Function('')`. Under the product's
 * Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a policy
 * violation, even though zod catches it. `jitless` skips both the probe and the compiled parsers.
 * It is read when a schema is built, so every schema in this package imports `z` from here: this
 * module is evaluated before any module that builds one. Parsing without the compiled parsers
 * costs a few microseconds more per payload, in the browser and on the server alike.
 */
z.config({ jitless: true });

export { z };
