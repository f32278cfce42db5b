// The floors the API is measured against, each in its own process like the product server:
//   no-content   answers every request with 204 once its body is read (the fastest possible API)
//   put-to-disk  streams a PUT body straight into a file, fsyncs it, answers 204 (the fastest upload)
//   fastify      the framework the product is built on and nothing of the product: a POST's JSON body
//                parsed, `{ "ok": true }` answered, no log, no hook, no store
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';

const [mode, directory] = process.argv.slice(2);
const port = Number(process.env.PORT);

function noContent(request: http.IncomingMessage, response: http.ServerResponse): void {
  request.resume();
  request.on('end', () => response.writeHead(204).end());
}

let uploads = 0;
async function putToDisk(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  if (request.method !== 'PUT' || !directory) {
    noContent(request, response);
    return;
  }
  uploads += 1;
  const file = path.join(directory, `upload-${uploads}`);
  const out = fs.createWriteStream(file);
  await pipeline(request, out);
  // As the product does before it calls an upload complete: the bytes are on the disk.
  const handle = await fs.promises.open(file, 'r');
  await handle.sync();
  await handle.close();
  response.writeHead(204).end();
}

const handlers: Record<string, http.RequestListener> = {
  'no-content': noContent,
  'put-to-disk': (request, response) => {
    putToDisk(request, response).catch((error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    });
  },
};

async function fastifyAlone(): Promise<void> {
  const app = Fastify({ logger: false });
  app.post('/*', async () => ({ ok: true }));
  await app.listen({ port, host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

if (mode === 'fastify') {
  await fastifyAlone();
} else {
  const handler = handlers[mode ?? ''];
  if (!handler) throw new Error(`Unknown mode ${mode}; use no-content, put-to-disk <directory> or fastify`);
  const server = http.createServer(handler).listen(port, '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
