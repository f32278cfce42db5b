import { videoUploadMetadataSchema } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { needsDurationFix, pickRecorderType, uploadFileType } from './recorder-format.ts';

describe('pickRecorderType', () => {
  it('takes the first type the browser supports, with sound when there is a microphone', () => {
    const chrome = (type: string) => type.startsWith('video/webm');
    expect(pickRecorderType(chrome, true)).toBe('video/webm;codecs=vp8,opus');
    expect(pickRecorderType(chrome, false)).toBe('video/webm;codecs=vp8');
  });

  it('falls back to MP4 where WebM cannot be recorded (Safari)', () => {
    expect(pickRecorderType((type) => type === 'video/mp4', true)).toBe('video/mp4');
  });

  it('leaves the choice to the browser when it supports none of the list, or throws when asked', () => {
    expect(pickRecorderType(() => false, true)).toBeUndefined();
    expect(
      pickRecorderType(() => {
        throw new Error('not implemented');
      }, true),
    ).toBeUndefined();
  });
});

describe('needsDurationFix', () => {
  it('is true for live WebM and Matroska, false for MP4', () => {
    expect(needsDurationFix('video/webm;codecs=vp8,opus')).toBe(true);
    expect(needsDurationFix('video/x-matroska;codecs=avc1')).toBe(true);
    expect(needsDurationFix('video/mp4')).toBe(false);
  });
});

describe('uploadFileType', () => {
  it('sends what the recorder made when the server takes it, else plain WebM', () => {
    expect(uploadFileType('video/webm;codecs=vp8,opus')).toBe('video/webm;codecs=vp8,opus');
    expect(uploadFileType('')).toBe('video/webm');
    for (const type of ['video/webm;codecs=vp9', 'video/mp4', '', 'audio/ogg']) {
      expect(videoUploadMetadataSchema.shape.filetype.safeParse(uploadFileType(type)).success).toBe(true);
    }
  });
});
