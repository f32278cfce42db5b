import { deviceCheckSchema, videoUploadMetadataSchema } from '@assessment/core';
import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('makes ids the API takes as a recording id and as a check id', () => {
    const id = newId();
    expect(videoUploadMetadataSchema.shape.recordingId.safeParse(id).success).toBe(true);
    expect(deviceCheckSchema.shape.checkId.safeParse(id).success).toBe(true);
  });

  it('makes a different id each time', () => {
    expect(new Set(Array.from({ length: 100 }, newId)).size).toBe(100);
  });
});
