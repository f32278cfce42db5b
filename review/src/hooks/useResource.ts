import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NETWORK_PROBLEM } from '../api/http.ts';

export interface Resource<T> {
  /** The last answer; kept while a newer one loads, so a table does not jump while paging. */
  data: T | undefined;
  loading: boolean;
  /** What went wrong with the last load, in words for the reviewer. */
  error: string | null;
  /** The server has no such thing for this reviewer (404: also what another company's ids get). */
  notFound: boolean;
  /** The HTTP status of the last load's refusal (0: the server was not reached); null when it did not fail. */
  failedStatus: number | null;
  reload: () => void;
  /** Puts a changed item in place after a call that answered with it (no second request). */
  update: (change: (data: T) => T) => void;
}

export function problemOf(error: unknown): string {
  return error instanceof ApiError ? error.message : NETWORK_PROBLEM;
}

/**
 * Loads what `key` names with `load`, again whenever the key changes or `reload` is called. An
 * answer that arrives after the key has moved on is dropped.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [failedStatus, setFailedStatus] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `round` are what ask for a new load; the loader is read from a ref.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    latestLoad
      .current(controller.signal)
      .then((answer) => {
        setData(answer);
        setError(null);
        setNotFound(false);
        setFailedStatus(null);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(problemOf(failure));
        setNotFound(failure instanceof ApiError && failure.status === 404);
        setFailedStatus(failure instanceof ApiError ? failure.status : 0);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [key, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  const update = useCallback((change: (current: T) => T) => setData((current) => current && change(current)), []);
  return { data, loading, error, notFound, failedStatus, reload, update };
}
