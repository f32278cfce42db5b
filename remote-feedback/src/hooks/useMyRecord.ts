import { fetchMyRecord, type MyRecordResult } from '@assessment/react';
import { useCallback, useEffect, useState } from 'react';

export type MyRecordState = { kind: 'waiting' } | { kind: 'loading' } | MyRecordResult;

/**
 * What the server holds of the candidate's session, read once `ready` (everything sent has
 * arrived, so the read-out includes it); `retry` reads again after a failure.
 */
export function useMyRecord(sessionId: string | null, ready: boolean): { state: MyRecordState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<MyRecordState>({ kind: 'waiting' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` is itself the reason to ask again.
  useEffect(() => {
    if (!ready || sessionId === null) {
      setState({ kind: 'waiting' });
      return;
    }
    let current = true;
    setState({ kind: 'loading' });
    void fetchMyRecord(sessionId).then((result) => {
      if (current) setState(result);
    });
    return () => {
      current = false;
    };
  }, [sessionId, ready, attempt]);

  return { state, retry };
}
