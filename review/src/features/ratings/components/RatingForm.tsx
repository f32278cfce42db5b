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
import { aboutName, firstUnscored, type RatingDraft } from '../lib/criteria.ts';

interface Props {
  sessionId: string;
  rubric: Rubric;
  mine: RatingView | null;
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
export function RatingForm({ sessionId, rubric, mine, carried, onSaved, onStale }: Props) {
  const { calls } = useSignedIn();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // The reviewer's last rating fills the form when it was given under this version of the rubric,
  // unless they were rating again when it replaced the last: then what they had chosen does.
  const current = mine?.rubricVersion === rubric.version ? mine : null;
  const [scores, setScores] = useState<(number | null)[]>(
    () => carried?.scores ?? rubric.criteria.map((_, index) => current?.scores[index] ?? null),
  );
  const [recommendation, setRecommendation] = useState<Recommendation | null>(
    carried ? carried.recommendation : (current?.recommendation ?? null),
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
          You rated under version {mine.rubricVersion} of the rubric; it is at version {rubric.version} now.
        </p>
      )}
      {rubric.criteria.map((criterion, index) => (
        <fieldset
          key={`${criterion.about}-${criterion.name}`}
          className="score-group"
          aria-describedby={`${id}-anchors-${index}`}
        >
          <legend>
            {criterion.name} ({aboutName(criterion.about)})
          </legend>
          <p id={`${id}-anchors-${index}`} className="field-hint">
            1: {criterion.anchors.one}. 3: {criterion.anchors.three}. 5: {criterion.anchors.five}.
            {criterion.about === 'video' &&
              ' This one may wait until you have watched the video, or stay empty if there is none.'}
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
          {current ? 'Update my ratings' : 'Submit my ratings'}
        </button>
      </p>
      <FormOutcome problem={problem} message={message} />
    </form>
  );
}
