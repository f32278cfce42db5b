import autocannon from 'autocannon';
import { type HostileKind, hostileBody } from './hostile-bodies.ts';

/**
 * Hostile clients in a process of their own, as they would be on another machine: building and
 * writing their megabyte bodies, reconnecting after each refusal, is not then done on the event
 * loop that times the candidate measured beside them (`api.ts`, `underHostileLoad`).
 *
 * Argument: JSON `{ origin, kind, seconds, sessions: [{ unique, headers }] }`, one connection per
 * session, each sending its own body to `POST /api/answers` in a loop. Prints `started` as the
 * clients begin, then, when they are done, JSON `{ requests, statuses }`.
 */
interface Options {
  origin: string;
  kind: HostileKind;
  seconds: number;
  sessions: { unique: string; headers: Record<string, string> }[];
}

const options = JSON.parse(process.argv[2] ?? '') as Options;
const bodies = options.sessions.map((session) => hostileBody(options.kind, session.unique));
const statuses: Record<string, number> = {};
let next = 0;
const instance = autocannon(
  {
    url: options.origin,
    connections: options.sessions.length,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/answers',
        setupRequest: (request, context: { client?: number }) => {
          context.client ??= next++ % options.sessions.length;
          const session = options.sessions[context.client] as Options['sessions'][number];
          return {
            ...request,
            body: bodies[context.client] as string,
            headers: { ...request.headers, 'content-type': 'application/json', ...session.headers },
          };
        },
      },
    ],
  },
  (error, result) => {
    if (error) throw error;
    process.stdout.write(`${JSON.stringify({ requests: result.requests.total, statuses })}\n`);
  },
);
instance.on('response', (_client, statusCode) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
process.stdout.write('started\n');
