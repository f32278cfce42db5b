import { useObjectUrl } from './hooks/useObjectUrl.ts';
import { formatClock } from './lib/clock.ts';
import type { Take } from './lib/take.ts';

/** The finished take, to watch before sending it; it plays from this browser, nothing is sent yet. */
export function TakePlayback({ take }: { take: Take }) {
  const url = useObjectUrl(take.blob);
  return (
    <figure className="video-playback">
      {/* biome-ignore lint/a11y/useMediaCaption: the candidate's own take, seconds old; no captions exist for it. */}
      <video className="video-screen" src={url ?? undefined} controls preload="metadata" aria-label="Your recording" />
      <figcaption className="video-muted">
        Your recording, {formatClock(take.durationMs)}. Play it back before you submit it.
      </figcaption>
    </figure>
  );
}
