import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  apiRoot,
  builtApi,
  createUpload,
  feedback,
  newSessionId,
  patchUpload,
  postJson,
  registration,
  startServer,
  syntheticWebm,
  tempDataDir,
  testId,
} from './helpers.ts';

const run = promisify(execFile);
const dataDir = tempDataDir();
const outDir = path.join(tempDataDir(), 'export');
const withVideo = newSessionId();
const withoutVideo = newSessionId();
const video = syntheticWebm(150_000);

beforeAll(async () => {
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    await postJson(server.url, '/api/now-assessment', registration(withVideo, { social: '=HYPERLINK("x")' }));
    await postJson(server.url, '/api/answers', answers(withVideo, { answers: ['<p>a, "quoted"\nline</p>', '', ''] }));
    await postJson(server.url, '/api/feedback', feedback(withVideo));
    const created = await createUpload(server.url, video.length, { unique: withVideo, data: testId });
    await patchUpload(created.uploadUrl as string, 0, video);
    await postJson(server.url, '/api/now-assessment', registration(withoutVideo));
    await postJson(server.url, '/api/video-skip', { unique: withoutVideo, data: testId, reason: 'no-camera' });
  } finally {
    await server.stop();
  }
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(path.dirname(outDir), { recursive: true, force: true });
});

describe('export CLI', () => {
  it('writes every session as JSON and CSV, plus the video files', async () => {
    const { stdout } = await run(process.execPath, [builtApi('export-cli'), '--out', outDir], {
      cwd: apiRoot,
      env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: '' },
    });
    expect(stdout).toMatch(/Exported 2 sessions and 1 videos/);

    const { sessions } = JSON.parse(fs.readFileSync(path.join(outDir, 'sessions.json'), 'utf8'));
    expect(sessions.map((session: { sessionId: string }) => session.sessionId).sort()).toEqual(
      [withVideo, withoutVideo].sort(),
    );
    const exported = sessions.find((session: { sessionId: string }) => session.sessionId === withVideo);
    expect(exported.video).toMatchObject({ download: `videos/${withVideo}.webm`, bytes: video.length });
    expect(fs.readFileSync(path.join(outDir, exported.video.download)).equals(video)).toBe(true);
    expect(sessions.find((session: { sessionId: string }) => session.sessionId === withoutVideo).noVideo).toMatchObject(
      {
        reason: 'no-camera',
      },
    );

    const csv = fs.readFileSync(path.join(outDir, 'sessions.csv'), 'utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header?.split(',').slice(0, 3)).toEqual(['sessionId', 'testId', 'companyName']);
    expect(csv).toContain('"<p>a, ""quoted""\nline</p>"');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`videos/${withVideo}.webm`);
    expect(rows.filter((row) => row.startsWith('s-'))).toHaveLength(2);
  });

  it('explains its usage without --out', async () => {
    await expect(run(process.execPath, [builtApi('export-cli')], { cwd: apiRoot })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--out DIR'),
    });
  });
});
