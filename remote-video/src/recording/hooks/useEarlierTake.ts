import { useEffect, useState } from 'react';
import { recoverLatestTake } from '../lib/recover-take.ts';
import type { Take } from '../lib/take.ts';

export type EarlierTake =
  | { status: 'looking' }
  | { status: 'none' }
  /** `keptInBrowser`: false for a take only this page holds (the browser would not keep it). */
  | { status: 'found'; take: Take; keptInBrowser: boolean };

/** Looks once, when the section opens, for a take this session left in the browser or this page. */
export function useEarlierTake(sessionId: string): EarlierTake {
  const [earlier, setEarlier] = useState<EarlierTake>({ status: 'looking' });
  useEffect(() => {
    let cancelled = false;
    void recoverLatestTake(sessionId)
      .catch((error: unknown) => {
        console.error('Could not look for an earlier recording', error);
        return undefined;
      })
      .then((found) => {
        if (!cancelled) setEarlier(found ? { status: 'found', ...found } : { status: 'none' });
      });
    return () => {
      cancelled = true;
    };
  }, [sessionId]);
  return earlier;
}
