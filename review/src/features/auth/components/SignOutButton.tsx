import { useState } from 'react';
import { useReviewSession } from '../../../api/session.tsx';
import { problemOf } from '../../../hooks/useResource.ts';

export function SignOutButton() {
  const { signOut } = useReviewSession();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => signOut().catch((error: unknown) => setProblem(problemOf(error)))}
      >
        Sign out
      </button>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
