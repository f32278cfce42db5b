import {
  type CandidateRatings,
  RATING_SCALE,
  type RatingView,
  RECOMMENDATION_NAMES,
  RECOMMENDATIONS,
  type Recommendation,
  type Rubric,
} from '@assessment/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http.ts';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf } from '../../../hooks/useResource.ts';
import { aboutName, carriedScores, firstUnscored, type RatingDraft } from '../lib/criteria.ts';

interface Props {
  sessionId: string;
  rubric: Rubric;
  mine: RatingView | null;
  /** Blind review hides the video from this reviewer: its criteria cannot be scored until it shows. */
  videoHidden: boolean;
  /** What the reviewer had chosen when the last version of the rubric was replaced, carried over to this one. */
  carried: { scores: (number | null)[]; recommendation: Recommendation | null } | null;
  onSaved: (ratings: CandidateRatings) => void;
  /**
   * The rubric changed since this page read it, and the rating was refused: `reason` says so, and
   * `draft` is what the reviewer had chosen, for the form of the new rubric to keep what it can.
   */
  onStale: (reason: string, draft: RatingDraft) => void;
}

/** A score of 1 to 5 for each criterion of the rubric, and an overall recommendation. */
export function RatingForm({ sessionId, rubric, mine, videoHidden, carried, onSaved, onStale }: Props) {
  const { calls } = useSignedIn();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // The reviewer's last rating fills the form: all of it when it was given under this version of
  // the rubric, else the scores of the criteria this version kept as they were, so they only add
  // the rest. Unless they were rating again when this version replaced the last: then what they
  // had chosen does.
  const current = mine?.rubricVersion === rubric.version ? mine : null;
  const [scores, setScores] = useState<(number | null)[]>(
    () => carried?.scores ?? (mine ? carriedScores(mine, rubric.criteria) : rubric.criteria.map(() => null)),
  );
  const [recommendation, setRecommendation] = useState<Recommendation | null>(
    carried ? carried.recommendation : (mine?.recommendation ?? null),
  );
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  const focusGroup = (name: string) => form.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || rubric.version === null) return;
    const unscored = firstUnscored(scores, rubric.criteria);
    if (unscored >= 0) {
      setProblem(`Give ${rubric.criteria[unscored]?.name} a score first.`);
      focusGroup(`${id}-score-${unscored}`);
      return;
    }
    if (recommendation === null) {
      setProblem('Choose a recommendation first.');
      focusGroup(`${id}-recommendation`);
      return;
    }
    setSaving(true);
    setMessage('');
    try {
      const saved = await calls.rate(sessionId, {
        rubricVersion: rubric.version,
        scores,
        recommendation,
      });
      onSaved(saved);
      setProblem(null);
      setMessage('Your ratings are saved.');
    } catch (error) {
      // Refused for a rubric changed meanwhile: the panel says so above the new rubric's form,
      // which replaces this one, problem line and all.
      const stale = error instanceof ApiError && error.status === 409;
      setProblem(stale ? null : problemOf(error));
      if (stale) onStale(error.message, { criteria: rubric.criteria, scores, recommendation });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      ref={form}
      className="rating-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${id}-title`}>Your ratings</h3>
      {mine && !current && (
        <p className="field-hint">
          You rated under version {mine.rubricVersion} of the rubric; it is at version {rubric.version} now. Your scores
          for the criteria it kept as they were are filled in: score the others, then update your ratings.
        </p>
      )}
      {rubric.criteria.map((criterion, index) => (
        <fieldset
          key={`${criterion.about}-${criterion.name}`}
          className="score-group"
          aria-describedby={`${id}-anchors-${index}`}
          // The server refuses a score for a video it hides from this reviewer; the form offers none.
          disabled={criterion.about === 'video' && videoHidden}
        >
          <legend>
            {criterion.name} ({aboutName(criterion.about)})
          </legend>
          <p id={`${id}-anchors-${index}`} className="field-hint">
            1: {criterion.anchors.one}. 3: {criterion.anchors.three}. 5: {criterion.anchors.five}.
            {criterion.about === 'video' &&
              (videoHidden
                ? ' Blind review hides the video from you: you can score this once you have rated the written answers and the video shows.'
                : ' This one may wait until you have watched the video, or stay empty if there is none.')}
          </p>
          <div className="score-choices">
            {RATING_SCALE.map((score) => (
              <label key={score} className="score-choice">
                <input
                  type="radio"
                  name={`${id}-score-${index}`}
                  value={score}
                  checked={scores[index] === score}
                  onChange={() => setScores((all) => all.map((value, at) => (at === index ? score : value)))}
                />
                {score}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="score-group">
        <legend>Recommendation</legend>
        <div className="score-choices">
          {RECOMMENDATIONS.map((choice) => (
            <label key={choice} className="score-choice">
              <input
                type="radio"
                name={`${id}-recommendation`}
                value={choice}
                checked={recommendation === choice}
                onChange={() => setRecommendation(choice)}
              />
              {RECOMMENDATION_NAMES[choice]}
            </label>
          ))}
        </div>
      </fieldset>
      <p>
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
        <button type="submit" className="button button-primary" aria-disabled={saving} aria-busy={saving}>
          {mine ? 'Update my ratings' : 'Submit my ratings'}
        </button>
      </p>
      <FormOutcome problem={problem} message={message} />
    </form>
  );
}
