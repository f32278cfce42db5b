import { describe, expect, it } from 'vitest';
import { aboutName, criterionOf, draftOf, firstEmptyField, firstUnscored } from './criteria.ts';

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
