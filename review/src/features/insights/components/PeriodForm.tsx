import type { ReviewTest } from '@assessment/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type Period, periodProblem } from '../lib/period.ts';

/** Which test and which days the Insights cover; the reader's choice is shown once they press Show. */
export function PeriodForm({
  tests,
  testId,
  period,
  onShow,
}: {
  tests: readonly ReviewTest[];
  testId: string | null;
  period: Period;
  onShow: (testId: string | null, period: Period) => void;
}) {
  const id = useId();
  const [chosenTest, setChosenTest] = useState(testId ?? '');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);
  // The address changed (Show, or the browser's Back): the form shows what is counted. Focus stays
  // where it was, on Show.
  useEffect(() => {
    setChosenTest(testId ?? '');
    setFrom(period.from);
    setTo(period.to);
  }, [testId, period.from, period.to]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = { from, to };
    const refused = periodProblem(chosen);
    setProblem(refused);
    if (!refused) onShow(chosenTest || null, chosen);
  };
  return (
    <form className="panel insight-period" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Test and period</h2>
      <div className="form-grid">
        <p className="form-field">
          <label htmlFor={`${id}-test`}>Test</label>
          <select id={`${id}-test`} value={chosenTest} onChange={(event) => setChosenTest(event.target.value)}>
            <option value="">All your tests</option>
            {tests.map((test) => (
              <option key={test.testId} value={test.testId}>
                {test.roleName} ({test.testId})
              </option>
            ))}
          </select>
        </p>
        <p className="form-field">
          <label htmlFor={`${id}-from`}>First day (UTC)</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            aria-describedby={`${id}-problem`}
          />
        </p>
        <p className="form-field">
          <label htmlFor={`${id}-to`}>Last day (UTC)</label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-describedby={`${id}-problem`}
          />
        </p>
      </div>
      <p id={`${id}-problem`} className="form-problem" role="alert">
        {problem}
      </p>
      <button type="submit" className="button button-primary">
        Show
      </button>
    </form>
  );
}
