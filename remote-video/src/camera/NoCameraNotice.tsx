import type { ReactNode, Ref } from 'react';

interface Props {
  companyName: string;
  onContinue(): void;
  /** What went wrong, as the candidate sees it; a camera that works but cannot be recorded is not "no camera". */
  title?: string;
  /** For a screen that moves focus to the notice when it appears; the heading then takes focus. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** What else the candidate should know before going on. */
  children?: ReactNode;
}

/**
 * A candidate without a working camera, or whose video cannot be sent, is never stuck: they go on,
 * and the company is told there is no video.
 */
export function NoCameraNotice({ companyName, onContinue, title = 'No working camera?', headingRef, children }: Props) {
  return (
    <section className="video-no-camera" aria-labelledby="video-no-camera-title">
      <h2 id="video-no-camera-title" className="video-subtitle" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h2>
      <p>
        You can still complete this assessment without a video, but fair play cannot be verified without one.{' '}
        {companyName} will see that you continued without video.
      </p>
      {children}
      <button type="button" className="button" onClick={onContinue}>
        Continue without video
      </button>
    </section>
  );
}
