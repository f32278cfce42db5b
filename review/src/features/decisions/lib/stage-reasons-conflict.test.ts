import { describe, expect, it } from 'vitest';
import { reasonsChangedMessage } from './stage-reasons-conflict.ts';

const utc = { locale: 'en-GB', timeZone: 'UTC' };
const adas = {
  stageReasons: ['Role filled', 'Clear, careful answers'],
  stageReasonsSaved: { by: 'Ada Admin (ada@nimbus.example)', at: '2026-03-12T14:05:09.000Z' },
};

describe('reasonsChangedMessage', () => {
  it('says who saved the list and when, and that the admin’s changes wait in the field', () => {
    expect(reasonsChangedMessage(adas, ['Strong written answers'], utc)).toBe(
      'Ada Admin (ada@nimbus.example) saved the stage reasons on 12 Mar 2026, 14:05, after this page showed them. ' +
        'Nothing was saved. The list as it is now is shown below, and your changes are still in the field: save ' +
        'again to put yours in its place.',
    );
  });

  it('says there is nothing to save when the teammate saved the same list, in the same order', () => {
    expect(reasonsChangedMessage(adas, ['Role filled', 'Clear, careful answers'], utc)).toMatch(
      /on 12 Mar 2026, 14:05, after this page showed them\. Nothing was saved: the list saved is already yours\.$/,
    );
    expect(reasonsChangedMessage(adas, ['Clear, careful answers', 'Role filled'], utc)).toMatch(
      /your changes are still in the field/,
    );
  });

  it('names no one where the server does not say who saved the list', () => {
    expect(reasonsChangedMessage({ stageReasons: [], stageReasonsSaved: null }, ['Role filled'], utc)).toMatch(
      /^The stage reasons changed after this page showed them\. Nothing was saved\. The list as it is now/,
    );
  });
});
