import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRemoteLocationsSource, parseRemoteLocations } from './remote-locations.ts';

describe('parseRemoteLocations', () => {
  it('accepts paths on this server and absolute http(s) addresses', () => {
    expect(
      parseRemoteLocations(
        '{"remoteQuiz":"/remotes/quiz/remoteEntry.js","remoteVideo":"https://cdn.example/v/remoteEntry.js"}',
      ),
    ).toEqual({ remoteQuiz: '/remotes/quiz/remoteEntry.js', remoteVideo: 'https://cdn.example/v/remoteEntry.js' });
  });
  it('refuses other schemes, relative paths and bad names', () => {
    expect(() => parseRemoteLocations('{"remoteQuiz":"javascript:alert(1)"}')).toThrow(/http/);
    expect(() => parseRemoteLocations('{"remoteQuiz":"remotes/quiz.js"}')).toThrow(/http/);
    expect(() => parseRemoteLocations('{"remote-quiz":"/x.js"}')).toThrow(/federation name/);
    expect(() => parseRemoteLocations('[]')).toThrow(/object/);
  });
});

describe('createRemoteLocationsSource', () => {
  it('follows edits of the file and keeps the last good locations after a broken edit', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-')), 'remotes.json');
    const logged: string[] = [];
    const source = createRemoteLocationsSource(file, (m) => logged.push(m));
    expect(source.read()).toEqual({});

    fs.writeFileSync(file, '{"remoteQuiz":"/remotes/quiz/remoteEntry.js"}');
    expect(source.read()).toEqual({ remoteQuiz: '/remotes/quiz/remoteEntry.js' });
    expect(source.foreignOrigins()).toEqual([]);

    fs.writeFileSync(file, '{"remoteQuiz":"http://127.0.0.1:9000/quiz/remoteEntry.js"}');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 1000));
    expect(source.foreignOrigins()).toEqual(['http://127.0.0.1:9000']);

    fs.writeFileSync(file, '{ broken');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 2000));
    expect(source.read()).toEqual({ remoteQuiz: 'http://127.0.0.1:9000/quiz/remoteEntry.js' });
    expect(logged).toHaveLength(1);
  });
});
