import { describe, expect, it } from 'vitest';
import { explainFailedCheck } from './check-explanation.ts';

const passing = { secureContext: true, mediaDevicesAvailable: true, videoInputs: 1, permission: 'granted' } as const;

describe('explainFailedCheck', () => {
  it('has nothing to say about a check that passes', () => {
    expect(explainFailedCheck(passing)).toEqual([]);
  });

  it('names each fact that failed, with what the candidate can do', () => {
    expect(explainFailedCheck({ ...passing, permission: 'denied' })).toEqual([
      expect.stringMatching(/blocked for this site/),
    ]);
    expect(explainFailedCheck({ ...passing, videoInputs: 0 })).toEqual([expect.stringMatching(/No camera was found/)]);
    expect(
      explainFailedCheck({ secureContext: false, mediaDevicesAvailable: false, videoInputs: 0, permission: 'unknown' }),
    ).toEqual([
      expect.stringMatching(/secure \(https\)/),
      expect.stringMatching(/does not let web pages use a camera/),
    ]);
  });
});
