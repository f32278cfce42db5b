import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import pLimit from 'p-limit';
import type { ReadAt } from './media-duration.ts';

/**
 * Whether a finished upload holds a video picture that plays: `true`, `false`, or `undefined`
 * when it could not be told (no checker, or it did not answer in time).
 */
export type FrameCheck = (readAt: ReadAt, size: number) => Promise<boolean | undefined>;

export const NO_PICTURE = {
  status_code: 422,
  body: 'The upload holds no video picture that can be played back',
};

/** What ffprobe is fed at a time, as the stored file is read (on disk or in the bucket). */
const FEED_BYTES = 1024 * 1024;
/** A real take's first picture decodes in well under a second; past this, the check gives up. */
const CHECK_TIMEOUT_MS = 30_000;

/**
 * ffprobe decodes the first packet of the file's first video stream and counts the pictures it
 * made. The file comes on its standard input, so the same check serves videos on disk and in a
 * bucket; ffprobe stops reading once it has its answer. A header followed by zeros, an audio-only
 * file, or a stream that does not decode all count no picture.
 */
const FFPROBE_ARGS = [
  '-v',
  'error',
  '-select_streams',
  'v:0',
  '-read_intervals',
  '%+#1',
  '-count_frames',
  '-show_entries',
  'stream=nb_read_frames',
  '-of',
  'csv=p=0',
  '-i',
  'pipe:0',
];

async function feed(stdin: NodeJS.WritableStream, readAt: ReadAt, size: number, stopped: () => boolean) {
  for (let position = 0; position < size && !stopped(); position += FEED_BYTES) {
    const chunk = await readAt(position, Math.min(FEED_BYTES, size - position));
    if (chunk.length === 0 || stopped()) break;
    // Rejects when ffprobe closes its input while a write waits (EPIPE), which ends the feeding.
    if (!stdin.write(chunk)) await once(stdin, 'drain');
  }
  stdin.end();
}

function probe(ffprobe: string, readAt: ReadAt, size: number): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const child = spawn(ffprobe, FFPROBE_ARGS, { stdio: ['pipe', 'pipe', 'ignore'] });
    let exited = false;
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), CHECK_TIMEOUT_MS);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
    });
    // ffprobe closes its input as soon as it has read what it needs: the rest is not wanted.
    child.stdin.on('error', () => {});
    child.on('error', () => {
      exited = true;
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on('close', (code, signal) => {
      exited = true;
      clearTimeout(timer);
      if (signal) return resolve(undefined);
      const pictures = Number.parseInt(output.trim(), 10);
      resolve(code === 0 && pictures > 0);
    });
    feed(child.stdin, readAt, size, () => exited).catch(() => child.kill('SIGKILL'));
  });
}

/**
 * The frame check with ffprobe (from Debian's ffmpeg) at `ffprobe`, or none when `off` or when it
 * is not installed: uploads are then checked by their first bytes only, as the server logs at
 * start. At most as many checks run at once as the machine has cores, so a burst of finished
 * uploads cannot take the processor from everyone else.
 */
export function ffprobeFrameCheck(ffprobe: string): FrameCheck | undefined {
  if (ffprobe === 'off') return undefined;
  const found = spawnSync(ffprobe, ['-version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) return undefined;
  const limit = pLimit(os.availableParallelism());
  return (readAt, size) => limit(() => probe(ffprobe, readAt, size));
}
