import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  name: string;
  origin: string;
}

export interface Served {
  method: string;
  path: string;
  /** The instance that answered. */
  upstream: string;
  status: number;
}

/** Headers that describe one connection, not the request or response it carries. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

async function bodyOf(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends one request to one instance and streams its answer back; rejects only if it never answered. */
function forward(upstream: Upstream, request: http.IncomingMessage, body: Buffer, response: http.ServerResponse) {
  return new Promise<number>((resolve, reject) => {
    const target = new URL(request.url ?? '/', upstream.origin);
    const outgoing = http.request(
      target,
      {
        method: request.method,
        headers: { ...endToEnd(request.headers), 'content-length': body.length },
        // A new connection each time: a killed instance then shows as a refused connection, before
        // anything is sent, and never as a pooled socket that dies mid-request.
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(response);
        resolve(answer.statusCode ?? 502);
      },
    );
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

/**
 * A load balancer for two or more API instances on one origin: API requests go to the instances
 * in turn (A, B, A, B…), and so do the rest (pages, scripts), each on its own turn. Like nginx's
 * `proxy_next_upstream error`, a request that an instance refuses to connect goes to the next
 * one; nothing else is retried. Each request's body is read whole first (as nginx buffers it).
 */
export async function startRoundRobinProxy(upstreams: Upstream[]) {
  const served: Served[] = [];
  const turns = { api: 0, other: 0 };
  const server = http.createServer(async (request, response) => {
    const body = await bodyOf(request);
    const kind = request.url?.startsWith('/api/') ? 'api' : 'other';
    const first = turns[kind]++;
    for (let attempt = 0; attempt < upstreams.length; attempt += 1) {
      const upstream = upstreams[(first + attempt) % upstreams.length] as Upstream;
      try {
        const status = await forward(upstream, request, body, response);
        served.push({ method: request.method ?? '', path: request.url ?? '', upstream: upstream.name, status });
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') {
          response.destroy(error as Error);
          return;
        }
      }
    }
    response.writeHead(502, { 'content-type': 'text/plain' }).end('No instance answered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Every request answered so far, oldest first. */
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RoundRobinProxy = Awaited<ReturnType<typeof startRoundRobinProxy>>;
