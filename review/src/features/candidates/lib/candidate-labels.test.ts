import { describe, expect, it } from 'vitest';
import { ratingLabel, signalsLabel, submissionNotes, teamRatingLabel } from './candidate-labels.ts';

describe('candidate row labels', () => {
  it('note an automatic or late submission, or nothing', () => {
    expect(submissionNotes({ late: false, finalReason: 'complete' })).toEqual([]);
    expect(submissionNotes({ late: null, finalReason: null })).toEqual([]);
    expect(submissionNotes({ late: true, finalReason: 'time-up' })).toEqual(['Submitted at the time limit', 'Late']);
  });

  it('show the rating as stars out of five', () => {
    expect(ratingLabel(1)).toBe('1 of 5');
    expect(ratingLabel(5)).toBe('5 of 5');
    expect(ratingLabel(null)).toBe('—');
  });

  it('count signals in words', () => {
    expect(signalsLabel({ tabSwitches: 1, pastes: 0 })).toBe('1 tab switch, 0 pastes');
    expect(signalsLabel({ tabSwitches: 3, pastes: 1 })).toBe('3 tab switches, 1 paste');
  });
});

describe('teamRatingLabel', () => {
  it('shows the team’s mean and recommendation, or says they show once the reviewer rates', () => {
    expect(teamRatingLabel({ teamScore: 3.8, teamRecommendation: 'yes' })).toBe('3.8 of 5, Yes');
    expect(teamRatingLabel({ teamScore: 4, teamRecommendation: 'strong-yes' })).toBe('4.0 of 5, Strong yes');
    expect(teamRatingLabel({ teamScore: null, teamRecommendation: null })).toBe('Shown once you rate');
  });
});
