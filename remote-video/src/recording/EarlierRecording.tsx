import { useFocusOnMount } from '@assessment/react';
import { useRef } from 'react';
import { formatClock } from './lib/clock.ts';
import { ONLY_THIS_PAGE_HOLDS, type Take } from './lib/take.ts';
import { TakePlayback } from './TakePlayback.tsx';

interface Props {
  take: Take;
  /** False for a take only this page holds. */
  keptInBrowser: boolean;
  onSubmit(): void;
  onRecordAgain(): void;
}

/**
 * A take kept in this browser from before a reload or a crash, or held by this page while the
 * candidate went Back within the product, offered back instead of lost.
 */
export function EarlierRecording({ take, keptInBrowser, onSubmit, onRecordAgain }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <section className="video-panel video-earlier" aria-labelledby="video-earlier-title">
      <h2 id="video-earlier-title" ref={heading} tabIndex={-1}>
        We found the recording you made earlier
      </h2>
      <p>
        It is {formatClock(take.durationMs)} long and has not been sent yet. Play it back, then submit it, or record a
        new one.{keptInBrowser ? '' : ` ${ONLY_THIS_PAGE_HOLDS}`}
      </p>
      <TakePlayback take={take} />
      <div className="video-actions">
        <button type="button" className="button button-primary" onClick={onSubmit}>
          Submit
        </button>
        <button type="button" className="button" onClick={onRecordAgain}>
          Record again
        </button>
      </div>
    </section>
  );
}
