interface Props {
  companyName: string;
  onContinue(): void;
}

/** A candidate without a working camera is never stuck: they go on, and the company is told there is no video. */
export function NoCameraNotice({ companyName, onContinue }: Props) {
  return (
    <section className="video-no-camera" aria-labelledby="video-no-camera-title">
      <h2 id="video-no-camera-title" className="video-subtitle">
        No working camera?
      </h2>
      <p>
        You can still complete this assessment without a video, but fair play cannot be verified without one.{' '}
        {companyName} will see that you continued without video.
      </p>
      <button type="button" className="button" onClick={onContinue}>
        Continue without video
      </button>
    </section>
  );
}
