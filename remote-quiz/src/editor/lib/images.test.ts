import { describe, expect, it } from 'vitest';
import { fitWithin, isAcceptedImageType, isAllowedImageSrc } from './images.ts';

describe('picture downscaling', () => {
  it('keeps a picture that already fits', () => {
    expect(fitWithin(800, 600, 1280)).toEqual({ width: 800, height: 600 });
  });

  it('shrinks the longer side to the limit and keeps the proportions', () => {
    expect(fitWithin(4000, 3000, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(1000, 5000, 1280)).toEqual({ width: 256, height: 1280 });
  });

  it('never rounds a side down to nothing', () => {
    expect(fitWithin(10_000, 2, 1280)).toEqual({ width: 1280, height: 1 });
    expect(fitWithin(0, 100, 1280)).toEqual({ width: 0, height: 0 });
  });
});

describe('picture sources', () => {
  it('accepts raster data URLs only', () => {
    expect(isAllowedImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isAllowedImageSrc('data:image/webp;base64,UklGRg==')).toBe(true);
    expect(isAllowedImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isAllowedImageSrc('data:image/png;base64,<script>')).toBe(false);
    expect(isAllowedImageSrc('https://example.com/a.png')).toBe(false);
    expect(isAllowedImageSrc(undefined)).toBe(false);
  });

  it('accepts the file types a browser can draw and the server keeps', () => {
    expect(isAcceptedImageType('image/jpeg')).toBe(true);
    expect(isAcceptedImageType('image/svg+xml')).toBe(false);
    expect(isAcceptedImageType('application/pdf')).toBe(false);
  });
});
