import { describe, expect, it } from 'vitest';
import { sniffVideoType } from '../src/video/magic-bytes.ts';
import { readMediaDuration } from '../src/video/media-duration.ts';

const readerOf = (buffer: Buffer) => async (position: number, length: number) =>
  buffer.subarray(position, position + length);

/** An EBML element with a one-byte size (all these are small). */
function ebml(id: number[], data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
}

function webm(info: Buffer[], segmentSize: 'known' | 'unknown'): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm')));
  const seekHead = ebml([0x11, 0x4d, 0x9b, 0x74], Buffer.alloc(10));
  const infoElement = ebml([0x15, 0x49, 0xa9, 0x66], Buffer.concat(info));
  const cluster = Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), Buffer.from([0xff]), Buffer.alloc(100)]);
  const children = Buffer.concat([seekHead, infoElement, cluster]);
  const size =
    segmentSize === 'unknown'
      ? Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
      : Buffer.from([0x40 | (children.length >> 8), children.length & 0xff]);
  return Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67]), size, children]);
}

function double(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleBE(value);
  return buffer;
}

function box(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + data.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, data]);
}

function mvhd(timescale: number, duration: number): Buffer {
  const data = Buffer.alloc(100);
  data.writeUInt32BE(timescale, 12);
  data.writeUInt32BE(duration, 16);
  return box('mvhd', data);
}

describe('readMediaDuration', () => {
  it('reads the WebM Info duration with its timecode scale', async () => {
    const timecodeScale = ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]));
    const file = webm([timecodeScale, ebml([0x44, 0x89], double(12_345))], 'known');
    expect(sniffVideoType(file)).toBe('video/webm');
    expect(await readMediaDuration('video/webm', readerOf(file), file.length)).toBeCloseTo(12.345);
  });

  it('knows no duration for a live WebM (unknown segment size, no Duration)', async () => {
    const timecodeScale = ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]));
    const file = webm([timecodeScale], 'unknown');
    expect(await readMediaDuration('video/webm', readerOf(file), file.length)).toBeNull();
  });

  it('reads the MP4 movie header, also when moov comes after the media data', async () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isomavc1'));
    const mdat = box('mdat', Buffer.alloc(5000, 1));
    const file = Buffer.concat([ftyp, mdat, box('moov', Buffer.concat([mvhd(1000, 61_500)]))]);
    expect(sniffVideoType(file)).toBe('video/mp4');
    expect(await readMediaDuration('video/mp4', readerOf(file), file.length)).toBe(61.5);
  });

  it('knows no duration for a fragmented MP4 (zero in the movie header)', async () => {
    const file = Buffer.concat([box('ftyp', Buffer.from('iso5')), box('moov', mvhd(1000, 0))]);
    expect(await readMediaDuration('video/mp4', readerOf(file), file.length)).toBeNull();
  });

  it('does not take other files for videos', () => {
    expect(sniffVideoType(Buffer.from('%PDF-1.7'))).toBeUndefined();
    expect(sniffVideoType(Buffer.from([0x1a, 0x45]))).toBeUndefined();
  });

  it('tells WebM by the EBML DocType and MP4 by its ftyp brand, not by the first bytes alone', () => {
    const doc = (type: string) => ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from(type)));
    expect(sniffVideoType(webm([], 'known'))).toBe('video/webm');
    expect(sniffVideoType(doc('matroska'))).toBeUndefined();
    expect(sniffVideoType(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('%PDF-1.7 ......')]))).toBe(
      undefined,
    );
    expect(sniffVideoType(box('ftyp', Buffer.from('isom\0\0\0\0mp41')))).toBe('video/mp4');
    expect(sniffVideoType(box('ftyp', Buffer.from('qt  \0\0\0\0qt  ')))).toBeUndefined();
    expect(sniffVideoType(box('ftyp', Buffer.from('heic\0\0\0\0mif1')))).toBeUndefined();
    expect(sniffVideoType(box('ftyp', Buffer.from('M4A \0\0\0\0isom')))).toBeUndefined();
  });
});
