import { describe, expect, it } from 'vitest';
import { parseRemoteLocations } from './remote-locations.ts';

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
