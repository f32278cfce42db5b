import { deadlineOf, quizTimeLimitMinutes, remainingMs, type Section, type TestDefinition } from '@assessment/core';
import { describeMinutesLeft } from './returning.ts';

interface Props {
  test: TestDefinition;
  section: Section;
  fullName: string;
  extraTimePercent: number;
  /** When the quiz's clock started, or null before Start the quiz. */
  quizStartedAt: number | null;
  onContinue(): void;
  onChangeDetails(): void;
}

/** For a candidate who opens their link again: where they were, the time left, and one way on. */
export function WelcomeBack({
  test,
  section,
  fullName,
  extraTimePercent,
  quizStartedAt,
  onContinue,
  onChangeDetails,
}: Props) {
  const limit = quizTimeLimitMinutes(test, extraTimePercent);
  return (
    <section className="welcome-back" aria-labelledby="welcome-back-heading">
      <h2 id="welcome-back-heading">Welcome back{fullName ? `, ${fullName}` : ''}</h2>
      <p>
        You were at Section {section.order}: {section.title}. Everything you did so far is kept.
      </p>
      {section.id === 'quiz' &&
        (quizStartedAt === null ? (
          <p>Your quiz has not started: its {limit} minutes start when you select Start the quiz.</p>
        ) : (
          <p>
            Time left on your quiz:{' '}
            <strong>{describeMinutesLeft(remainingMs(deadlineOf(quizStartedAt, limit), limit, Date.now()))}</strong>.
            The clock kept running while you were away.
          </p>
        ))}
      <div className="welcome-back-actions">
        <button type="button" className="button button-primary" onClick={onContinue}>
          Continue
        </button>
        <button type="button" className="button" onClick={onChangeDetails}>
          Change your details
        </button>
      </div>
    </section>
  );
}
