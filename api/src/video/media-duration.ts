import { webmHeadDurationSeconds } from '@assessment/core/webm';
import type { VideoContentType } from './magic-bytes.ts';

/** Reads `length` bytes at `position`; fewer at the end of the file. */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** WebM puts its Info element before the first Cluster, well inside this. */
const WEBM_HEAD_BYTES = 256 * 1024;

interface Box {
  type: string;
  start: number;
  dataStart: number;
  end: number;
}

async function readBox(readAt: ReadAt, position: number, limit: number): Promise<Box | undefined> {
  const header = await readAt(position, 16);
  if (header.length < 8) return undefined;
  const size32 = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  if (size32 === 1) {
    if (header.length < 16) return undefined;
    const size = Number(header.readBigUInt64BE(8));
    return { type, start: position, dataStart: position + 16, end: position + size };
  }
  const size = size32 === 0 ? limit - position : size32;
  if (size < 8) return undefined;
  return { type, start: position, dataStart: position + 8, end: position + size };
}

/** Real files have a handful of boxes per level; a crafted one must not make us read forever. */
const MAX_BOXES_PER_LEVEL = 1000;

async function findBox(readAt: ReadAt, type: string, start: number, end: number): Promise<Box | undefined> {
  let position = start;
  for (let count = 0; count < MAX_BOXES_PER_LEVEL && position < end; count += 1) {
    const box = await readBox(readAt, position, end);
    if (!box) return undefined;
    if (box.type === type) return box;
    position = box.end;
  }
  return undefined;
}

/** From the movie header (`moov/mvhd`), wherever `moov` sits: before or after the media data. */
async function mp4Duration(readAt: ReadAt, size: number): Promise<number | null> {
  const moov = await findBox(readAt, 'moov', 0, size);
  if (!moov) return null;
  const mvhd = await findBox(readAt, 'mvhd', moov.dataStart, moov.end);
  if (!mvhd) return null;
  const body = await readAt(mvhd.dataStart, 32);
  const version = body[0];
  if (version === 1 && body.length >= 32) {
    const timescale = body.readUInt32BE(20);
    const duration = Number(body.readBigUInt64BE(24));
    return timescale > 0 && duration > 0 ? duration / timescale : null;
  }
  if (version === 0 && body.length >= 20) {
    const timescale = body.readUInt32BE(12);
    const duration = body.readUInt32BE(16);
    return timescale > 0 && duration > 0 ? duration / timescale : null;
  }
  return null;
}

/**
 * The duration the file itself declares, in seconds, or null when it declares none: Chrome's live
 * WebM has no Duration, and fragmented MP4 leaves it at zero.
 */
export async function readMediaDuration(type: VideoContentType, readAt: ReadAt, size: number): Promise<number | null> {
  if (type === 'video/webm') return webmHeadDurationSeconds(await readAt(0, Math.min(size, WEBM_HEAD_BYTES)));
  return mp4Duration(readAt, size);
}
