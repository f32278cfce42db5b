import { describe, expect, it } from 'vitest';
import {
  aboutName,
  carriedScores,
  criterionOf,
  draftOf,
  firstEmptyField,
  firstUnscored,
  rubricChangedNotice,
} from './criteria.ts';

const anchors = { one: 'Vague', three: 'Clear', five: 'Clear, with evidence' };

describe('rubric drafts', () => {
  it('names what a criterion is about', () => {
    expect(aboutName(2)).toBe('Question 2');
    expect(aboutName('video')).toBe('Video introduction');
  });

  it('turns a criterion into form fields and back, trimmed', () => {
    const video = { about: 'video' as const, name: 'Presence', anchors };
    expect(criterionOf(draftOf(video, 'a'))).toEqual(video);
    expect(criterionOf({ ...draftOf({ about: 3, name: 'Depth', anchors }, 'b'), name: '  Depth ' })).toEqual({
      about: 3,
      name: 'Depth',
      anchors,
    });
  });

  it('finds the first field left empty, in the order the form shows them', () => {
    const full = draftOf({ about: 1, name: 'Reasoning', anchors }, 'a');
    expect(firstEmptyField([full, full])).toBeNull();
    expect(firstEmptyField([full, { ...full, three: '  ' }, { ...full, name: '' }])).toEqual([1, 'three']);
  });

  it('finds the first criterion not scored yet that cannot wait, as one about the video can', () => {
    const criteria = [
      { about: 1, name: 'Reasoning', anchors },
      { about: 'video' as const, name: 'Presence', anchors },
      { about: 2, name: 'Depth', anchors },
    ];
    expect(firstUnscored([3, null, null], criteria)).toBe(2);
    expect(firstUnscored([3, null, 4], criteria)).toBe(-1);
    expect(firstUnscored([null, 4, 4], criteria)).toBe(0);
  });
});

describe('a rating refused because the rubric changed', () => {
  const clarity = { about: 1, name: 'Clarity', anchors };
  const depth = { about: 2, name: 'Depth', anchors };
  const video = { about: 'video' as const, name: 'Presence', anchors };
  const draft = { criteria: [clarity, depth, video], scores: [5, 1, null], recommendation: 'yes' as const };

  it('carries each score to the same criterion wherever it now stands', () => {
    expect(carriedScores(draft, [depth, clarity, video])).toEqual([1, 5, null]);
    expect(carriedScores(draft, [video, clarity])).toEqual([null, 5]);
  });

  it('drops a score whose criterion was renamed, moved to another question or given other anchors', () => {
    expect(
      carriedScores(draft, [
        { ...clarity, name: 'Clarity of writing' },
        { ...depth, about: 3 },
        { ...clarity, anchors: { ...anchors, five: 'Flawless' } },
      ]),
    ).toEqual([null, null, null]);
  });

  it('gives each score once, should a criterion appear twice', () => {
    expect(carriedScores({ ...draft, criteria: [clarity], scores: [4] }, [clarity, clarity])).toEqual([4, null]);
    expect(carriedScores({ ...draft, criteria: [clarity, clarity], scores: [null, 2] }, [clarity, clarity])).toEqual([
      2,
      null,
    ]);
  });

  it('says nothing was saved, and what the new form keeps', () => {
    const reason = 'The rubric changed while you were rating: read it again, then rate';
    expect(rubricChangedNotice(reason, { kept: 1, criteria: 3, recommendation: true })).toBe(
      'The rubric changed while you were rating: read it again, then rate. Your ratings were not saved. ' +
        'Your scores for the 1 criterion that did not change and your recommendation are kept: check them, score the rest, then submit again.',
    );
    expect(rubricChangedNotice(`${reason}.`, { kept: 2, criteria: 2, recommendation: false })).toBe(
      `${reason}. Your ratings were not saved. Your scores for the 2 criteria that did not change are kept: check them, then submit again.`,
    );
    expect(rubricChangedNotice(reason, { kept: 0, criteria: 2, recommendation: true })).toMatch(
      /not saved\. No criterion you scored is the same now: score each again\. Your recommendation is kept\.$/,
    );
    expect(rubricChangedNotice(reason, { kept: 0, criteria: 2, recommendation: false })).toMatch(/score each again\.$/);
  });
});
