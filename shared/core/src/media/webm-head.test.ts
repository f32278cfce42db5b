import { describe, expect, it } from 'vitest';
import { readWebmHead, webmHeadDurationSeconds } from './webm-head.ts';

/** EBML header, then a Segment of unknown size (as MediaRecorder writes it) holding `info`. */
function webm(info: number[]): Uint8Array {
  const ebmlHeader = [0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77];
  const segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  const infoElement = [0x15, 0x49, 0xa9, 0x66, 0x80 | info.length, ...info];
  const cluster = [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  return Uint8Array.from([...ebmlHeader, ...segment, ...infoElement, ...cluster]);
}

const timecodeScaleMs = [0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40];
function durationTicks(ticks: number): number[] {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, ticks);
  return [0x44, 0x89, 0x88, ...bytes];
}

describe('readWebmHead', () => {
  it('finds Info and its timecode scale in a live recording without a duration', () => {
    const head = readWebmHead(webm(timecodeScaleMs));
    expect(head?.timecodeScale).toBe(1_000_000);
    expect(head?.duration).toBeUndefined();
    expect(head?.segment.size.unknown).toBe(true);
    expect(webmHeadDurationSeconds(webm(timecodeScaleMs))).toBeNull();
  });

  it('reads a written duration in seconds', () => {
    expect(webmHeadDurationSeconds(webm([...timecodeScaleMs, ...durationTicks(3250)]))).toBeCloseTo(3.25);
  });

  it('refuses bytes that are not WebM', () => {
    expect(readWebmHead(Uint8Array.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70]))).toBeUndefined();
    expect(readWebmHead(new Uint8Array(0))).toBeUndefined();
  });
});
