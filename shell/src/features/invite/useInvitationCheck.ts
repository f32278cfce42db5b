import {
  checkInvitation,
  type InvitationCheck,
  type InviteLink,
  sessionStore,
  subscribeInvitationEvents,
} from '@assessment/react';
import { useCallback, useEffect, useState } from 'react';

/**
 * The server's answer about an invitation link (null while it is asked). Asked again on `retry`,
 * and when this browser's registration was refused: the new answer says why (in use elsewhere,
 * invitation only, closed). `retried` once it has been asked again.
 */
export function useInvitationCheck({ testId, invitationToken }: InviteLink): {
  check: InvitationCheck | null;
  retry: () => void;
  retried: boolean;
} {
  const [attempt, setAttempt] = useState(0);
  const [check, setCheck] = useState<InvitationCheck | null>(null);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` is itself the reason to ask again.
  useEffect(() => {
    let current = true;
    setCheck(null);
    void checkInvitation({ testId, invitationToken }).then((answer) => {
      if (current) setCheck(answer);
    });
    return () => {
      current = false;
    };
  }, [testId, invitationToken, attempt]);

  useEffect(
    () =>
      subscribeInvitationEvents((event) => {
        if (event.kind === 'registration-refused' && event.sessionId === sessionStore.getState().sessionId) retry();
      }),
    [retry],
  );

  return { check, retry, retried: attempt > 0 };
}
