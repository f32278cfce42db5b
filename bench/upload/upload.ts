import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { adaptiveFileReader, CHUNK_SIZING, createChunkSizer } from 'remote-video/upload';
import { defaultOptions, Upload } from 'tus-js-client';
import { configFromEnv, type S3Settings } from '../../api/src/config.ts';
import { createS3Client } from '../../api/src/storage/videos/s3-video-store.ts';
import { startServices } from '../../scripts/services.mjs';
import { makeTempDir, repoRoot, residentBytes, samplePeakResident, startBaselineServer } from '../lib/processes.ts';
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

/**
 * A real one-second take (the API tests' own): the server keeps an upload only once its first
 * picture plays, so every benchmarked take starts with one.
 */
const TAKE = fs.readFileSync(path.join(repoRoot, 'api/test/fixtures/take.webm'));
const BLOCK = randomBytes(MB);

/** `bytes` of video-looking data, made as it is read: one 1 MB block repeated. */
function videoStream(bytes: number): Readable {
  const head = Buffer.concat([TAKE, BLOCK.subarray(TAKE.length)]);
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

/**
 * A take on the disk, as the browser keeps one (in IndexedDB) before and while it sends it. Written
 * before anything is timed; both sides of each comparison read the same file.
 */
interface TakeFile {
  path: string;
  bytes: number;
}

async function writeTakeFile(directory: string, bytes: number): Promise<TakeFile> {
  const file = path.join(directory, `take-${bytes}.webm`);
  await pipeline(videoStream(bytes), fs.createWriteStream(file));
  return { path: file, bytes };
}

/**
 * The product's upload, as the video section sends it: tus, with its chunks sized by the product's
 * own sizer (through the same file reader, around tus-js-client's reader for Node). Given a file,
 * tus-js-client reads each chunk from it as a stream of its own, as a browser sends a slice of a
 * Blob; given a stream it would first copy each chunk into one buffer, which a browser never does.
 */
function tusUpload(
  origin: string,
  unique: string,
  headers: Record<string, string>,
  take: TakeFile,
  recordingId: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    new Upload(fs.createReadStream(take.path), {
      endpoint: `${origin}/api/videos/`,
      chunkSize: CHUNK_SIZING.maxBytes,
      fileReader: adaptiveFileReader(defaultOptions.fileReader, createChunkSizer()),
      uploadSize: take.bytes,
      metadata: { unique, data: INVITE, filetype: 'video/webm', recordingId, duration: '300.000' },
      headers,
      retryDelays: [],
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

/** The floor: one PUT of the whole body, streamed from the file. */
async function rawPut(origin: string, take: TakeFile): Promise<void> {
  const request = http.request(`${origin}/upload`, { method: 'PUT', headers: { 'content-length': take.bytes } });
  const answered = new Promise<number>((resolve, reject) => {
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
  });
  await pipeline(fs.createReadStream(take.path), request);
  const status = await answered;
  if (status !== 204) throw new Error(`The raw PUT server answered ${status}`);
}

/**
 * The floor for object storage: the same bytes as one streamed PutObject to the same S3-protocol
 * server, through a client set up exactly as the product's.
 */
async function rawS3Put(settings: S3Settings, take: TakeFile, key: string): Promise<void> {
  const client = await createS3Client(settings);
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        Body: fs.createReadStream(take.path),
        ContentLength: take.bytes,
      }),
    );
  } finally {
    client.destroy();
  }
}

interface UploadRun {
  seconds: number;
  peakResidentBytes: number;
}

/** Times one upload, sampling the receiving server's memory when it is a process of ours. */
async function timedUpload(pid: number | undefined, send: () => Promise<void>): Promise<UploadRun> {
  const sampler = pid === undefined ? undefined : samplePeakResident(pid, RSS_SAMPLE_MS);
  const started = performance.now();
  let peakResidentBytes = 0;
  try {
    await send();
  } finally {
    peakResidentBytes = sampler?.stop() ?? 0;
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
  chunkSizing: typeof CHUNK_SIZING;
  product: ServerResult;
  raw: ServerResult;
  /** The product with S3_BUCKET set (tus, then the move to the bucket) and a raw PUT to the same S3 server. */
  productS3: ServerResult;
  rawS3: ServerResult;
}

export async function benchUpload(log: (line: string) => void): Promise<{ rows: Row[]; details: UploadDetails }> {
  log('upload: starting the product server, a raw PUT server, an S3-protocol server and the product on it');
  const services = await startServices({ postgres: false, s3: true, redis: false });
  const s3Settings = configFromEnv(services.env).s3 as S3Settings;
  const product = await startProductServer({ VIDEO_MAX_BYTES: String(4 * UPLOAD_BYTES) });
  const productS3 = await startProductServer({ VIDEO_MAX_BYTES: String(4 * UPLOAD_BYTES), ...services.env });
  const raw = await startBaselineServer('the raw PUT server', 'put-to-disk', makeTempDir('raw-put'));
  try {
    const unique = 'bench-upload-candidate';
    const headers = await register(product.origin, unique);
    const headersS3 = await register(productS3.origin, unique);
    const takes = makeTempDir('takes');
    const warmUp = await writeTakeFile(takes, WARM_UP_BYTES);
    const take = await writeTakeFile(takes, UPLOAD_BYTES);
    let recordings = 0;
    const sendTus = (file: TakeFile) => tusUpload(product.origin, unique, headers, file, `bench-take-${++recordings}`);
    const sendRaw = (file: TakeFile) => rawPut(raw.origin, file);
    const sendTusS3 = (file: TakeFile) =>
      tusUpload(productS3.origin, unique, headersS3, file, `bench-take-${++recordings}`);
    const sendRawS3 = (file: TakeFile) => rawS3Put(s3Settings, file, `bench/raw-${++recordings}`);
    for (const send of [sendTus, sendRaw, sendTusS3, sendRawS3]) await send(warmUp);

    const results: Record<'product' | 'raw' | 'productS3' | 'rawS3', ServerResult> = {
      product: { megabytesPerSecond: [], residentBeforeBytes: residentBytes(product.pid), peakResidentBytes: 0 },
      raw: { megabytesPerSecond: [], residentBeforeBytes: residentBytes(raw.pid), peakResidentBytes: 0 },
      productS3: { megabytesPerSecond: [], residentBeforeBytes: residentBytes(productS3.pid), peakResidentBytes: 0 },
      // The S3 server's memory is not the product's: only the speed is compared.
      rawS3: { megabytesPerSecond: [], residentBeforeBytes: 0, peakResidentBytes: 0 },
    };
    for (let run = 1; run <= RUNS; run += 1) {
      log(`upload: ${UPLOAD_BYTES / MB} MB over loopback, run ${run} of ${RUNS}, tus and raw PUT, to disk and to S3`);
      for (const [which, pid, send] of [
        ['product', product.pid, sendTus],
        ['raw', raw.pid, sendRaw],
        ['productS3', productS3.pid, sendTusS3],
        ['rawS3', undefined, sendRawS3],
      ] as const) {
        const result = results[which];
        const { seconds, peakResidentBytes } = await timedUpload(pid, () => send(take));
        result.megabytesPerSecond.push(UPLOAD_BYTES / MB / seconds);
        result.peakResidentBytes = Math.max(result.peakResidentBytes, peakResidentBytes);
      }
    }

    const speed = median(results.product.megabytesPerSecond);
    const rawSpeed = median(results.raw.megabytesPerSecond);
    const s3Speed = median(results.productS3.megabytesPerSecond);
    const rawS3Speed = median(results.rawS3.megabytesPerSecond);
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
      {
        group: 'upload',
        name: `${UPLOAD_BYTES / MB} MB tus upload into S3 (then moved to the bucket)`,
        value: s3Speed,
        unit: 'MB/s',
        detail: `median of ${RUNS}; s3rver on loopback`,
        baseline: { label: 'raw PUT to the same S3', value: rawS3Speed },
      },
      {
        group: 'upload',
        name: 'server memory growth during upload into S3',
        value: growth(results.productS3),
        unit: 'MB',
        detail: `peak RSS ${(results.productS3.peakResidentBytes / MB).toFixed(0)} MB`,
        goals: [{ text: `< ${MEMORY_GOAL_MB} MB`, met: growth(results.productS3) < MEMORY_GOAL_MB }],
      },
    ];
    return { rows, details: { bytes: UPLOAD_BYTES, chunkSizing: CHUNK_SIZING, ...results } };
  } finally {
    await Promise.all([product.stop(), raw.stop(), productS3.stop()]);
    await services.stop();
  }
}
