import { describe, expect, it } from 'vitest';
import { ratingLabel, signalsLabel, statusLabel, submissionNotes, teamRatingLabel } from './candidate-labels.ts';

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
  const counts = { 'strong-no': 0, no: 1, yes: 1, 'strong-yes': 0 };
  it('shows the team’s mean, its recommendation and the counts it stands on, or says they show once the reviewer rates', () => {
    expect(teamRatingLabel({ teamScore: 2.7, teamRecommendations: counts, teamVerdict: 'split' })).toBe(
      '2.7 of 5; Split (Yes 1, No 1)',
    );
    expect(
      teamRatingLabel({ teamScore: 4, teamRecommendations: { ...counts, 'strong-yes': 2 }, teamVerdict: 'yes' }),
    ).toBe('4.0 of 5; Yes (Strong yes 2, Yes 1, No 1)');
    expect(teamRatingLabel({ teamScore: null, teamRecommendations: null, teamVerdict: null })).toBe(
      'Shown once you rate',
    );
  });
});

describe('statusLabel', () => {
  const going = { status: 'registered' as const, timeRanOut: null, didNotFinish: false };
  it('says the step reached while the candidate can still go on', () => {
    expect(statusLabel(going)).toBe('Started, quiz not submitted');
    expect(statusLabel({ ...going, status: 'finished' })).toBe('Finished');
  });

  it('says the quiz time ran out, with what was kept', () => {
    expect(statusLabel({ ...going, timeRanOut: { answersKept: 2, questions: 3 } })).toBe(
      'Time ran out: 2 of 3 answers kept',
    );
    expect(statusLabel({ ...going, timeRanOut: { answersKept: 0, questions: 3 } })).toBe(
      'Time ran out: no answer kept',
    );
  });

  it('says a candidate past their invitation did not finish, and how far they got', () => {
    expect(statusLabel({ ...going, didNotFinish: true })).toBe('Did not finish (quiz not submitted)');
    expect(statusLabel({ ...going, status: 'video-done', didNotFinish: true })).toBe(
      'Did not finish (video step done)',
    );
    expect(statusLabel({ ...going, didNotFinish: true, timeRanOut: { answersKept: 1, questions: 3 } })).toBe(
      'Did not finish (time ran out on the quiz, 1 of 3 answers kept)',
    );
  });
});
