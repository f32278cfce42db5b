import { useSignedIn } from '../../../api/session.tsx';
import { useResource } from '../../../hooks/useResource.ts';

/** Everything the server holds about one candidate session of the reviewer's company. */
export function useCandidate(sessionId: string) {
  const { calls } = useSignedIn();
  return useResource(`candidate:${sessionId}`, (signal) => calls.candidate(sessionId, signal));
}
