import { RUBRIC_MAX_CRITERIA, type Rubric } from '@assessment/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http.ts';
import { useSignedIn } from '../../../api/session.tsx';
import { FormOutcome } from '../../../components/FormOutcome.tsx';
import { problemOf } from '../../../hooks/useResource.ts';
import { type CriterionDraft, criterionOf, draftOf, firstEmptyField } from '../lib/criteria.ts';
import { CriterionFields } from './CriterionFields.tsx';

interface Props {
  testId: string;
  questionCount: number;
  rubric: Rubric;
  onSaved: (rubric: Rubric) => void;
  /** Another save came first: read the rubric again, this editor's drafts staying as they are. */
  onStale: () => void;
}

let nextKey = 0;
const newKey = () => `criterion-${++nextKey}`;
const blankDraft = (): CriterionDraft => ({ key: newKey(), about: '1', name: '', one: '', three: '', five: '' });

/** An admin's form for the test's criteria, each with what a 1, a 3 and a 5 look like. */
export function RubricEditor({ testId, questionCount, rubric, onSaved, onStale }: Props) {
  const { calls } = useSignedIn();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [drafts, setDrafts] = useState<CriterionDraft[]>(() =>
    rubric.criteria.length > 0 ? rubric.criteria.map((criterion) => draftOf(criterion, newKey())) : [blankDraft()],
  );
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  // The field to take the focus once the criteria it belongs to are on screen.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  useEffect(() => {
    if (focusTarget === null) return;
    form.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const change = (key: string, field: keyof CriterionDraft, value: string) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, [field]: value } : draft)));

  function add() {
    if (drafts.length >= RUBRIC_MAX_CRITERIA) {
      setProblem(`A rubric has at most ${RUBRIC_MAX_CRITERIA} criteria.`);
      return;
    }
    const draft = blankDraft();
    setDrafts((current) => [...current, draft]);
    setFocusTarget(`${draft.key}-about`);
  }

  function remove(key: string) {
    setDrafts((current) => current.filter((draft) => draft.key !== key));
    setFocusTarget('add');
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const empty = firstEmptyField(drafts);
    if (drafts.length === 0) {
      setProblem('Add a criterion first.');
      setFocusTarget('add');
      return;
    }
    if (empty) {
      const [index, field] = empty;
      setProblem(`Criterion ${index + 1}: fill in every field.`);
      setFocusTarget(`${drafts[index]?.key}-${field}`);
      return;
    }
    setSaving(true);
    setMessage('');
    try {
      const saved = await calls.saveRubric(testId, {
        editedVersion: rubric.version,
        criteria: drafts.map(criterionOf),
      });
      onSaved(saved);
      setProblem(null);
      setMessage(`Rubric saved: version ${saved.version}.`);
    } catch (error) {
      // The drafts stay as they are, so nothing written is lost.
      if (error instanceof ApiError && error.status === 409) {
        // The rubric read again shows above; the next save, of these drafts, replaces it knowingly.
        setProblem(`${error.message}. It is shown above; your changes are still here.`);
        onStale();
      } else {
        setProblem(problemOf(error));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      ref={form}
      className="rubric-editor"
      aria-labelledby={`${id}-hint`}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <p id={`${id}-hint`}>
        {rubric.version === null
          ? 'The criteria your team rates each candidate on, 1 to 5, set before anyone rates.'
          : rubric.locked
            ? `Version ${rubric.version} is in use: ratings were given under it. Saving makes version ${rubric.version + 1}; the ratings given keep theirs.`
            : `Version ${rubric.version}: nobody has rated under it yet. Saving makes version ${rubric.version + 1}.`}
      </p>
      {drafts.map((draft, index) => (
        <CriterionFields
          key={draft.key}
          number={index + 1}
          draft={draft}
          questionCount={questionCount}
          onChange={(field, value) => change(draft.key, field, value)}
          onRemove={() => remove(draft.key)}
        />
      ))}
      <p className="rubric-actions">
        <button type="button" className="button" data-focus="add" onClick={add}>
          Add a criterion
        </button>{' '}
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
        <button type="submit" className="button button-primary" aria-disabled={saving} aria-busy={saving}>
          Save rubric
        </button>
      </p>
      <FormOutcome problem={problem} message={message} />
    </form>
  );
}
