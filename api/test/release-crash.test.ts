import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReleaseKey } from '../src/releases/release-keys.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import { type ChildServer, spawnServer, tempDataDir } from './helpers.ts';
import { archiveOf, releaseApi, remoteFiles, remotesJson } from './release-fixtures.ts';

describe.each(TEST_DATABASES)('a release upload cut by kill -9, on $name', (database) => {
  let env: { DATABASE_URL?: string };
  let drop: () => Promise<void>;
  const dataDir = tempDataDir();
  let server: ChildServer | undefined;

  beforeAll(async () => {
    ({ env, drop } = await database.open());
  });
  afterAll(async () => {
    await server?.kill();
    await drop?.();
  });

  it('leaves no half release, live or stored, and the server starts again on the release before', async () => {
    server = await spawnServer(dataDir, env as Record<string, string>);
    const beside = await storesBeside({ DATA_DIR: dataDir, ...env });
    const { key } = await addReleaseKey(beside.stores.releases, {
      sectionId: 'quiz',
      name: 'quiz CI',
      now: Date.now(),
    });
    await beside.close();
    const before = await remotesJson(server.url);
    const historyBefore = (await releaseApi(server.url, key).history('quiz')).body.history;

    // A release of a megabyte of scripts, of which half is sent before the product is killed.
    const archive = await archiveOf({
      ...remoteFiles(),
      'assets/vendor.js': randomBytes(1024 * 1024).toString('base64'),
    });
    const request = http.request(`${server.url}/api/releases/quiz?label=cut`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/gzip' },
    });
    const answered = new Promise<unknown>((resolve) => {
      request.on('response', resolve);
      request.on('error', resolve);
    });
    await new Promise<void>((resolve) => request.write(archive.subarray(0, archive.length / 2), () => resolve()));
    await server.kill();
    expect(await answered).toBeInstanceOf(Error);

    server = await spawnServer(dataDir, env as Record<string, string>);
    expect(await remotesJson(server.url)).toEqual(before);
    const history = (await releaseApi(server.url, key).history('quiz')).body.history;
    expect(history).toEqual(historyBefore);
    const again = await storesBeside({ DATA_DIR: dataDir, ...env });
    try {
      expect(await again.stores.releases.releases('quiz')).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ label: 'cut' })]),
      );
    } finally {
      await again.close();
    }
  });
});
