import { describe, expect, it, vi } from 'vitest';
import { encodeSize, framesEndTicks, withWebmDuration } from './webm-duration.ts';

/** EBML building blocks, to lay out files the way MediaRecorder does. */
const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

function element(id: number[], data: number[], size: number[] = Array.from(encodeSize(data.length, 1))): number[] {
  return [...id, ...size, ...data];
}

const text = (value: string) => Array.from(new TextEncoder().encode(value));
const ebmlHeader = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], text('webm')));
const timecodeScale = element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]);
const info = (...children: number[][]) => element([0x15, 0x49, 0xa9, 0x66], children.flat());
const tracks = element([0x16, 0x54, 0xae, 0x6b], element([0xae], element([0xd7], [0x01])));
const cluster = (payload: number) => element([0x1f, 0x43, 0xb6, 0x75], [0xe7, 0x81, 0x00, payload], UNKNOWN_SIZE);

const block = (track: number, relative: number) =>
  element([0xa3], [0x80 | track, (relative >> 8) & 0xff, relative & 0xff, 0x80, 0xde, 0xad]);
const timedCluster = (time: number[], ...blocks: number[][]) =>
  element([0x1f, 0x43, 0xb6, 0x75], [...element([0xe7], time), ...blocks.flat()], UNKNOWN_SIZE);

/** A live recording as Chrome writes it: Segment and Clusters of unknown size, no Duration. */
function liveRecording(infoElement = info(timecodeScale, element([0x4d, 0x80], text('Chrome')))): number[] {
  return [
    ...ebmlHeader,
    0x18,
    0x53,
    0x80,
    0x67,
    ...UNKNOWN_SIZE,
    ...infoElement,
    ...tracks,
    ...cluster(1),
    ...cluster(2),
  ];
}

async function fixedBlob(blob: Blob, measuredMs: number): Promise<Blob> {
  return (await withWebmDuration(blob, measuredMs)).blob;
}

async function bytesOf(blob: Blob): Promise<number[]> {
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
}

/** The Duration element's value in the file, read the way a player reads it. */
function durationIn(bytes: number[]): number | undefined {
  const at = bytes.findIndex((byte, index) => byte === 0x44 && bytes[index + 1] === 0x89 && bytes[index + 2] === 0x88);
  if (at < 0) return undefined;
  return new DataView(Uint8Array.from(bytes.slice(at + 3, at + 11)).buffer).getFloat64(0);
}

describe('withWebmDuration', () => {
  it('adds the duration to Info and leaves every byte after Info as it was', async () => {
    const original = liveRecording();
    const fixed = await bytesOf(await fixedBlob(new Blob([Uint8Array.from(original)]), 3_210));
    expect(fixed).toHaveLength(original.length + 11);
    expect(durationIn(fixed)).toBe(3_210);

    const infoAt = original.indexOf(0x15);
    const infoSize = original[infoAt + 4] as number;
    expect(fixed[infoAt + 4]).toBe(infoSize + 11);
    expect(fixed.slice(0, infoAt + 4)).toEqual(original.slice(0, infoAt + 4));
    const afterInfo = infoAt + 5 + (infoSize & 0x7f);
    expect(fixed.slice(afterInfo + 11)).toEqual(original.slice(afterInfo));
  });

  it("counts the duration in the file's own timecode scale", async () => {
    const microseconds = element([0x2a, 0xd7, 0xb1], [0x03, 0xe8]);
    const fixed = await bytesOf(await fixedBlob(new Blob([Uint8Array.from(liveRecording(info(microseconds)))]), 2_000));
    expect(durationIn(fixed)).toBe(2_000_000);
  });

  it('grows a Segment of known size by the bytes added', async () => {
    const body = [...info(timecodeScale), ...tracks];
    const original = [...ebmlHeader, 0x18, 0x53, 0x80, 0x67, ...encodeSize(body.length, 8), ...body];
    const fixed = await bytesOf(await fixedBlob(new Blob([Uint8Array.from(original)]), 1_000));
    const segmentSize = fixed.slice(ebmlHeader.length + 4, ebmlHeader.length + 12);
    expect(segmentSize).toEqual(Array.from(encodeSize(body.length + 11, 8)));
  });

  it('fills in a zero duration, and keeps one that is already there', async () => {
    const zero = element([0x44, 0x89], [0, 0, 0, 0, 0, 0, 0, 0]);
    const withZero = liveRecording(info(timecodeScale, zero));
    const filled = await bytesOf(await fixedBlob(new Blob([Uint8Array.from(withZero)]), 4_000));
    expect(filled).toHaveLength(withZero.length);
    expect(durationIn(filled)).toBe(4_000);

    const known = new Blob([Uint8Array.from(filled)]);
    expect(await withWebmDuration(known, 9_999)).toEqual({ blob: known, durationMs: 4_000 });
  });

  it('keeps the file type', async () => {
    const fixed = await fixedBlob(new Blob([Uint8Array.from(liveRecording())], { type: 'video/webm;codecs=vp8' }), 1);
    expect(fixed.type).toBe('video/webm;codecs=vp8');
  });

  it('sends anything it does not recognise as it is', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mp4 = new Blob([Uint8Array.from([0, 0, 0, 0x18, ...text('ftypmp42')])]);
    expect(await withWebmDuration(mp4, 1_000)).toEqual({ blob: mp4, durationMs: 1_000 });
    const cut = new Blob([Uint8Array.from(liveRecording().slice(0, ebmlHeader.length + 14))]);
    expect((await withWebmDuration(cut, 1_000)).blob).toBe(cut);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('the duration read from the frames', () => {
  const frames = [
    timedCluster([0x00], block(1, 0), block(2, 0), block(1, 33), block(2, 60), block(1, 66)),
    timedCluster([0x03, 0xe8], block(1, 0), block(1, 33)),
  ].flat();

  it('is the last frame of the longest track plus one frame, across clusters of unknown size', async () => {
    expect(await framesEndTicks(new Blob([Uint8Array.from(frames)]), 0)).toBe(1_066);
  });

  it('is written in place of the clock time, which on a busy computer runs ahead of the frames', async () => {
    const recording = [...liveRecording().slice(0, -cluster(1).length * 2), ...frames];
    const timed = await withWebmDuration(new Blob([Uint8Array.from(recording)]), 2_500);
    expect(durationIn(await bytesOf(timed.blob))).toBe(1_066);
    expect(timed.durationMs).toBe(1_066);
  });

  it('stops at a frame cut off by a crash', async () => {
    const cut = frames.slice(0, -3);
    expect(await framesEndTicks(new Blob([Uint8Array.from(cut)]), 0)).toBe(1_000 + 33);
  });

  it('has no answer without frames', async () => {
    expect(await framesEndTicks(new Blob([Uint8Array.from(liveRecording())]), 0)).toBeUndefined();
  });
});

describe('encodeSize', () => {
  it('keeps the width it is given while the value fits, and widens when it does not', () => {
    expect(Array.from(encodeSize(5, 1))).toEqual([0x85]);
    expect(Array.from(encodeSize(5, 8))).toEqual([0x01, 0, 0, 0, 0, 0, 0, 5]);
    expect(Array.from(encodeSize(126, 1))).toEqual([0xfe]);
    expect(Array.from(encodeSize(127, 1))).toEqual([0x40, 0x7f]);
  });
});
