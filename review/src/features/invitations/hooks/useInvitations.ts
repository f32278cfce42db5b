import type { InvitationView } from '@assessment/core';
import { useCallback, useEffect, useState } from 'react';
import { useSignedIn } from '../../../api/session.tsx';
import { problemOf } from '../../../hooks/useResource.ts';

const PAGE_SIZE = 25;

/**
 * A test's invitations, newest first, a page at a time ("Show more"). A created or changed
 * invitation is put in place from the API's answer, so the list never needs a full reload.
 */
export function useInvitations(testId: string) {
  const { calls } = useSignedIn();
  const [items, setItems] = useState<InvitationView[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  /** Whether the page came: a failure is in `error`. */
  const loadPage = useCallback(
    async (cursor: string | null, signal?: AbortSignal): Promise<boolean> => {
      setLoading(true);
      try {
        const page = await calls.invitations(testId, { limit: PAGE_SIZE, cursor }, signal);
        setItems((current) => {
          const known = cursor === null ? [] : current;
          const seen = new Set(known.map((item) => item.invitationId));
          return [...known, ...page.invitations.filter((item) => !seen.has(item.invitationId))];
        });
        setNext(page.next);
        setError(null);
        return true;
      } catch (failure) {
        if (!signal?.aborted) setError(problemOf(failure));
        return false;
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [calls, testId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for the first page again.
  useEffect(() => {
    const controller = new AbortController();
    void loadPage(null, controller.signal);
    return () => controller.abort();
  }, [loadPage, round]);

  return {
    items,
    loading,
    error,
    reload: () => setRound((value) => value + 1),
    showMore: next ? () => loadPage(next) : null,
    added: (invitation: InvitationView) => setItems((current) => [invitation, ...current]),
    changed: (invitation: InvitationView) =>
      setItems((current) => current.map((item) => (item.invitationId === invitation.invitationId ? invitation : item))),
  };
}
