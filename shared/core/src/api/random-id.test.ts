import { describe, expect, it } from 'vitest';
import { randomId } from './random-id.ts';
import { deviceCheckSchema, videoUploadMetadataSchema } from './schemas.ts';

describe('randomId', () => {
  it('makes ids the API takes as a recording id and as a check id', () => {
    const id = randomId();
    expect(videoUploadMetadataSchema.shape.recordingId.safeParse(id).success).toBe(true);
    expect(deviceCheckSchema.shape.checkId.safeParse(id).success).toBe(true);
  });

  it('makes a different id each time', () => {
    expect(new Set(Array.from({ length: 100 }, randomId)).size).toBe(100);
  });
});
