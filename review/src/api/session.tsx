import { type ReviewerMe, TWO_FACTOR_REQUIRED } from '@assessment/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, NETWORK_PROBLEM } from './http.ts';
import { type ReviewerCalls, reviewerCalls, signOut, whoAmI } from './review-api.ts';
import { afterSignInRefused, type SessionState } from './session-state.ts';

/**
 * What a call refused for an ended sign-in says in its view. The view is hidden until the same
 * reviewer signs in again, so this is read then, when trying again is what works; the server's
 * own words ("Please sign in") would ask for what they have just done.
 */
const SIGN_IN_HAD_ENDED = 'Your sign-in had ended, so this was not done. Please try again.';

interface SessionContextValue {
  state: SessionState;
  /** Asks the server who is signed in (after signing in, or to retry). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Every call goes through here, so a 401 anywhere shows the sign-in form over the view (kept for
 * the reviewer to sign in again) instead of a broken view, and a company's new requirement of
 * two-factor sign-in (403) shows its set-up.
 */
function endingOnUnauthorized(
  calls: ReviewerCalls,
  onSignedOut: () => void,
  onTwoFactorRequired: () => void,
): ReviewerCalls {
  const guarded = Object.entries(calls).map(([name, call]) => [
    name,
    async (...args: unknown[]) => {
      try {
        return await (call as (...rest: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          onSignedOut();
          throw new ApiError(401, SIGN_IN_HAD_ENDED, null, error.body);
        }
        if (error instanceof ApiError && error.status === 403 && error.message === TWO_FACTOR_REQUIRED) {
          onTwoFactorRequired();
        }
        throw error;
      }
    },
  ]);
  return Object.fromEntries(guarded) as ReviewerCalls;
}

export function ReviewSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  const latest = useRef(state);
  latest.current = state;
  // Who-am-I again, from a call that learnt the company now requires two-factor sign-in.
  const recheck = useRef(() => {});

  const check = useCallback(async (signal?: AbortSignal) => {
    try {
      const me = await whoAmI(signal);
      if (me === null) {
        setState({ status: 'signed-out' });
        return;
      }
      const calls: ReviewerCalls = endingOnUnauthorized(
        reviewerCalls(me.csrfToken),
        () => setState((current) => afterSignInRefused(current, calls)),
        () => recheck.current(),
      );
      setState({ status: 'signed-in', me, calls });
    } catch (error) {
      if (signal?.aborted) return;
      // Signed in again over a kept view, but the server could not say who: the view and its
      // typing stay under the sign-in form, which tells the problem, and signing in again works
      // once the server answers. A page that could not load replaces everything.
      if (latest.current.status === 'ended') throw error;
      setState({ status: 'unreachable', message: error instanceof ApiError ? error.message : NETWORK_PROBLEM });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void check(controller.signal);
    return () => controller.abort();
  }, [check]);
  recheck.current = () => void check();

  const value = useMemo<SessionContextValue>(
    () => ({
      state,
      refresh: () => check(),
      signOut: async () => {
        if (state.status !== 'signed-in') return;
        try {
          await signOut(state.me.csrfToken);
        } catch (error) {
          // Already signed out on the server is what was asked for.
          if (!(error instanceof ApiError && error.status === 401)) throw error;
        }
        // A sign-out asked for leaves nothing behind: the view and what was typed in it go.
        setState({ status: 'signed-out' });
      },
    }),
    [state, check],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useReviewSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useReviewSession needs a ReviewSessionProvider around it');
  return value;
}

/**
 * The signed-in reviewer and their calls; only inside the reviewer's view, which is also kept,
 * hidden, while their sign-in has ended (its calls are then refused until they sign in again).
 */
export function useSignedIn(): { me: ReviewerMe; calls: ReviewerCalls } {
  const { state } = useReviewSession();
  if (state.status !== 'signed-in' && state.status !== 'ended') {
    throw new Error('useSignedIn is only for views shown to a signed-in reviewer');
  }
  return state;
}
