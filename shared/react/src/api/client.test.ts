import { describe, expect, it } from 'vitest';
import { configureApi, videoUploadEndpoint, videoUploadPath } from './client.ts';

describe('API client', () => {
  it('names the tus endpoint for the video remote', () => {
    expect(videoUploadPath).toBe('/api/videos/');
    configureApi({ baseUrl: 'https://api.example/v1/' });
    expect(videoUploadEndpoint()).toBe('https://api.example/v1/videos/');
    configureApi({});
    expect(videoUploadEndpoint()).toBe('/api/videos/');
  });
});
