import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Upload } from 'tus-js-client';
import { UPLOAD_CHUNK_BYTES } from '../../remote-video/src/lib/upload-policy.ts';
import {
  benchRoot,
  claimPort,
  makeTempDir,
  residentBytes,
  type ServerProcess,
  samplePeakResident,
  startNodeServer,
} from '../lib/processes.ts';
import { INVITE, register, startProductServer } from '../lib/product.ts';
import { median, type Row } from '../lib/report.ts';

/** MB here is 10^6 bytes, as the product shows upload sizes. */
const MB = 1_000_000;
const UPLOAD_BYTES = 200 * MB;
/** A first small upload to each server, so the code paths are compiled before anything is timed. */
const WARM_UP_BYTES = 4 * MB;
const RUNS = 3;
const RSS_SAMPLE_MS = 10;
/** The goals. */
const SPEED_GOAL = 0.8;
const MEMORY_GOAL_MB = 64;

/** The start of a WebM file: the server checks uploads by their first bytes. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const BLOCK = randomBytes(MB);

/**
 * `bytes` of video-looking data, made as it is read: one 1 MB block repeated, so the data exists
 * once in memory whatever the size of the upload.
 */
function videoStream(bytes: number): Readable {
  const head = Buffer.concat([EBML_MAGIC, BLOCK.subarray(EBML_MAGIC.length)]);
  return Readable.from(
    (function* blocks() {
      for (let sent = 0; sent < bytes; sent += MB) {
        const block = sent === 0 ? head : BLOCK;
        yield block.subarray(0, Math.min(MB, bytes - sent));
      }
    })(),
    { objectMode: false },
  );
}

/** The product's upload, as the video section sends it: tus, in the product's chunk size. */
function tusUpload(origin: string, unique: string, bytes: number, recordingId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    new Upload(videoStream(bytes), {
      endpoint: `${origin}/api/videos/`,
      chunkSize: UPLOAD_CHUNK_BYTES,
      uploadSize: bytes,
      metadata: { unique, data: INVITE, filetype: 'video/webm', recordingId, duration: '300.000' },
      retryDelays: [],
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

/** The floor: one PUT of the whole body, streamed. */
async function rawPut(origin: string, bytes: number): Promise<void> {
  const request = http.request(`${origin}/upload`, { method: 'PUT', headers: { 'content-length': bytes } });
  const answered = new Promise<number>((resolve, reject) => {
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
  });
  await pipeline(videoStream(bytes), request);
  const status = await answered;
  if (status !== 204) throw new Error(`The raw PUT server answered ${status}`);
}

interface UploadRun {
  seconds: number;
  peakResidentBytes: number;
}

async function timedUpload(server: ServerProcess, send: () => Promise<void>): Promise<UploadRun> {
  const sampler = samplePeakResident(server.pid, RSS_SAMPLE_MS);
  const started = performance.now();
  let peakResidentBytes = 0;
  try {
    await send();
  } finally {
    peakResidentBytes = sampler.stop();
  }
  return { seconds: (performance.now() - started) / 1000, peakResidentBytes };
}

interface ServerResult {
  megabytesPerSecond: number[];
  residentBeforeBytes: number;
  peakResidentBytes: number;
}

export interface UploadDetails {
  bytes: number;
  chunkBytes: number;
  product: ServerResult;
  raw: ServerResult;
}

export async function benchUpload(log: (line: string) => void): Promise<{ rows: Row[]; details: UploadDetails }> {
  log('upload: starting the product server and a raw PUT server');
  const product = await startProductServer({ VIDEO_MAX_BYTES: String(4 * UPLOAD_BYTES) });
  const rawPort = await claimPort();
  const raw = await startNodeServer('the raw PUT server', {
    args: [
      '--import',
      'tsx',
      path.join(benchRoot, 'servers/baseline-server.ts'),
      'put-to-disk',
      makeTempDir('raw-put'),
    ],
    cwd: benchRoot,
    env: { PORT: String(rawPort) },
    port: rawPort,
    readyPath: '/',
  });
  try {
    const unique = 'bench-upload-candidate';
    await register(product.origin, unique);
    let recordings = 0;
    const sendTus = (bytes: number) => tusUpload(product.origin, unique, bytes, `bench-take-${++recordings}`);
    const sendRaw = (bytes: number) => rawPut(raw.origin, bytes);
    await sendTus(WARM_UP_BYTES);
    await sendRaw(WARM_UP_BYTES);

    const results: Record<'product' | 'raw', ServerResult> = {
      product: { megabytesPerSecond: [], residentBeforeBytes: residentBytes(product.pid), peakResidentBytes: 0 },
      raw: { megabytesPerSecond: [], residentBeforeBytes: residentBytes(raw.pid), peakResidentBytes: 0 },
    };
    for (let run = 1; run <= RUNS; run += 1) {
      log(`upload: ${UPLOAD_BYTES / MB} MB over loopback, run ${run} of ${RUNS}, tus and raw PUT`);
      for (const [which, server, send] of [
        ['product', product, sendTus],
        ['raw', raw, sendRaw],
      ] as const) {
        const result = results[which];
        const { seconds, peakResidentBytes } = await timedUpload(server, () => send(UPLOAD_BYTES));
        result.megabytesPerSecond.push(UPLOAD_BYTES / MB / seconds);
        result.peakResidentBytes = Math.max(result.peakResidentBytes, peakResidentBytes);
      }
    }

    const speed = median(results.product.megabytesPerSecond);
    const rawSpeed = median(results.raw.megabytesPerSecond);
    const growth = (result: ServerResult) => (result.peakResidentBytes - result.residentBeforeBytes) / MB;
    const rows: Row[] = [
      {
        group: 'upload',
        name: `${UPLOAD_BYTES / MB} MB tus upload speed`,
        value: speed,
        unit: 'MB/s',
        detail: `median of ${RUNS}`,
        baseline: { label: 'raw PUT', value: rawSpeed },
        goals: [{ text: `≥ ${SPEED_GOAL}× raw`, met: speed >= SPEED_GOAL * rawSpeed }],
      },
      {
        group: 'upload',
        name: 'server memory growth during upload',
        value: growth(results.product),
        unit: 'MB',
        detail: `peak RSS ${(results.product.peakResidentBytes / MB).toFixed(0)} MB`,
        baseline: {
          label: 'raw PUT',
          value: growth(results.raw),
          detail: `peak RSS ${(results.raw.peakResidentBytes / MB).toFixed(0)} MB`,
        },
        goals: [{ text: `< ${MEMORY_GOAL_MB} MB`, met: growth(results.product) < MEMORY_GOAL_MB }],
      },
    ];
    return { rows, details: { bytes: UPLOAD_BYTES, chunkBytes: UPLOAD_CHUNK_BYTES, ...results } };
  } finally {
    await Promise.all([product.stop(), raw.stop()]);
  }
}
