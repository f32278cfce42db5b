import type { ReviewTest } from '@assessment/core';
import { useState } from 'react';
import { problemOf } from '../../../hooks/useResource.ts';

/**
 * One on/off setting of a test, saved as soon as it is switched. What the reviewer just chose is
 * shown at once while the server saves it; on a refusal the box goes back to what the server
 * holds. The box is not disabled meanwhile (that would take the keyboard focus away); a change
 * while one is saving is ignored.
 */
export function useTestSwitch(
  save: (on: boolean) => Promise<ReviewTest>,
  onChange: (test: ReviewTest) => void,
  describe: (saved: ReviewTest) => string,
) {
  const [pending, setPending] = useState<boolean | null>(null);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle(on: boolean) {
    if (pending !== null) return;
    setPending(on);
    setProblem(null);
    setMessage('');
    try {
      const saved = await save(on);
      onChange(saved);
      setMessage(describe(saved));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPending(null);
    }
  }

  return { pending, message, problem, toggle };
}
