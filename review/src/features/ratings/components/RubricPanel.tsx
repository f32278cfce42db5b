import type { Rubric } from '@assessment/core';
import { useId } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { LoadProblem } from '../../../components/LoadProblem.tsx';
import { useResource } from '../../../hooks/useResource.ts';
import { aboutName } from '../lib/criteria.ts';
import { RubricEditor } from './RubricEditor.tsx';

/**
 * The test's rubric: what each question and the video are rated on, fixed before the team rates.
 * Every reviewer reads it here; an admin also writes it.
 */
export function RubricPanel({ testId, questionCount }: { testId: string; questionCount: number }) {
  const { me, calls } = useSignedIn();
  const id = useId();
  const rubric = useResource(`rubric:${testId}`, (signal) => calls.rubric(testId, signal));
  return (
    <section className="panel rubric-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        Rubric
      </h2>
      {/* A failed read again (after another admin's save) leaves the editor and its drafts in place. */}
      {rubric.error && <LoadProblem message={rubric.error} onRetry={rubric.reload} />}
      {!rubric.data ? (
        !rubric.error && <p className="muted">Loading the rubric…</p>
      ) : (
        <>
          <RubricCriteria rubric={rubric.data} />
          {me.reviewer.role === 'admin' && (
            // Folded away: the test's page stays short for the many visits that only read it.
            <details className="rubric-edit">
              <summary>{rubric.data.version === null ? 'Write the rubric' : 'Change the rubric'}</summary>
              <RubricEditor
                testId={testId}
                questionCount={questionCount}
                rubric={rubric.data}
                onSaved={(saved: Rubric) => rubric.update(() => saved)}
                onStale={rubric.reload}
              />
            </details>
          )}
        </>
      )}
    </section>
  );
}

function RubricCriteria({ rubric }: { rubric: Rubric }) {
  if (rubric.version === null) return <p>No rubric yet: a company admin writes one here before the team rates.</p>;
  return (
    <ol className="rubric-criteria">
      {rubric.criteria.map((criterion) => (
        <li key={`${criterion.about}-${criterion.name}`}>
          <strong>{criterion.name}</strong> ({aboutName(criterion.about)}): 1 {criterion.anchors.one}; 3{' '}
          {criterion.anchors.three}; 5 {criterion.anchors.five}
        </li>
      ))}
    </ol>
  );
}
