import { expect, SAMPLE_ID, test } from './fixtures.ts';

test('pages carry a strict Content-Security-Policy with no inline script or style', async ({ request }) => {
  const response = await request.get(`/invite/${SAMPLE_ID}`);
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("style-src 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
});

test('scripts are sent compressed to browsers that accept it, and identical once decompressed', async ({ request }) => {
  const page = await (await request.get('/')).text();
  const script = page.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const plain = await request.get(String(script), { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();

  for (const encoding of ['br', 'gzip']) {
    const response = await fetch(new URL(String(script), plain.url()), { headers: { 'accept-encoding': encoding } });
    expect(response.headers.get('content-encoding')).toBe(encoding);
    // fetch undoes the content encoding, so this compares what the browser ends up running.
    expect(Buffer.from(await response.arrayBuffer()).equals(await plain.body())).toBe(true);
  }
});
