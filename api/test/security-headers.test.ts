import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessServer, startServer, tempDataDir } from './helpers.ts';

let server: InProcessServer;
let remotesFile: string;

beforeAll(async () => {
  remotesFile = path.join(tempDataDir(), 'remotes.json');
  fs.writeFileSync(remotesFile, JSON.stringify({ remoteFeedback: 'https://cdn-one.example/feedback/remoteEntry.js' }));
  server = await startServer({ REMOTES_JSON: remotesFile });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(path.dirname(remotesFile), { recursive: true, force: true });
});

const scriptSources = async (route: string) => {
  const response = await fetch(`${server.url}${route}`);
  const policy = response.headers.get('content-security-policy') ?? '';
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src'));
};

describe('the Content-Security-Policy and the releases', () => {
  it("lets pages load remotes from the origins of the kept releases: here REMOTES_JSON's, imported at first start", async () => {
    expect(await scriptSources('/')).toBe("script-src 'self' https://cdn-one.example");
    expect(await scriptSources('/invite/thd0wtfl')).toBe("script-src 'self' https://cdn-one.example");
    expect((await (await fetch(`${server.url}/remotes.json`)).json()).remoteFeedback).toBe(
      'https://cdn-one.example/feedback/remoteEntry.js',
    );
  });

  it('names no remote origin in an API response, which is never a page that loads one', async () => {
    for (const route of ['/api/health', '/api/no-such-route']) {
      const response = await fetch(`${server.url}${route}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, route).toContain("default-src 'self'");
      expect(policy, route).toContain("script-src 'self';");
      expect(policy, route).toContain("frame-ancestors 'none'");
      expect(policy, route).not.toContain('.example');
    }
  });
});
