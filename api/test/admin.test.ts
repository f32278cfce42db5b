import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type InProcessServer, startServer } from './helpers.ts';

describe('admin API with ADMIN_TOKEN set', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN });
  });
  afterAll(() => server.stop());

  const get = (path: string, authorization?: string) =>
    fetch(`${server.url}${path}`, { headers: authorization ? { authorization } : {} });

  it('answers the sessions with the token', async () => {
    const response = await get('/api/admin/sessions', `Bearer ${ADMIN_TOKEN}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sessions: expect.any(Array), next: null });
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer not-the-token'],
    ['a prefix of the token', `Bearer ${ADMIN_TOKEN.slice(0, -1)}`],
    ['another scheme', `Basic ${ADMIN_TOKEN}`],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401', async (_what, authorization) => {
    for (const path of ['/api/admin/sessions', '/api/admin/sessions/abcdefgh/video']) {
      const response = await get(path, authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({ error: expect.stringMatching(/admin token/) });
    }
  });

  it('answers 404 for the video of a session that has none', async () => {
    const response = await get('/api/admin/sessions/no-such-session/video', `Bearer ${ADMIN_TOKEN}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'This session has no finished video' });
  });
});

describe('admin API without ADMIN_TOKEN', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN: '' });
  });
  afterAll(() => server.stop());

  it('does not exist (404), token or not', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${ADMIN_TOKEN}`]) {
      for (const path of ['/api/admin/sessions', '/api/admin/sessions/abcdefgh/video']) {
        const response = await fetch(`${server.url}${path}`, { headers: authorization ? { authorization } : {} });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: `Nothing at GET ${path}` });
      }
    }
  });
});
