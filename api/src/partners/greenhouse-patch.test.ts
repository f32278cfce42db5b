import { describe, expect, it } from 'vitest';
import { greenhouseTargetProblem } from './greenhouse-patch.ts';

describe('greenhouseTargetProblem', () => {
  it('takes https, and http only where the operator lets calls reach private addresses', () => {
    const url = 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345';
    expect(greenhouseTargetProblem(url, false)).toBeNull();
    expect(greenhouseTargetProblem(url.replace('https', 'http'), false)).toBe('must be an https address');
    expect(greenhouseTargetProblem(url.replace('https', 'http'), true)).toBeNull();
    expect(greenhouseTargetProblem('ftp://files.example/1', true)).toBe('must be an http or https address');
    expect(greenhouseTargetProblem('not a url', false)).toBe('is not an address');
  });
});
