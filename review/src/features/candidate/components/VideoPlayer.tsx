import type { CandidateDetail, VideoSkipReason } from '@assessment/core';
import { candidateVideoUrl } from '../../../api/review-api.ts';
import { formatDateTime, formatDuration } from '../../../lib/time.ts';

/** Every reason the video section gives, in words; one another client sent is shown as it came. */
const NO_VIDEO_REASONS: Record<VideoSkipReason, string> = {
  'camera-permission-denied': 'their browser was not allowed to use the camera',
  'camera-busy': 'the camera was in use by another app, or stopped responding',
  'no-camera': 'no camera worked in their browser',
  'camera-unsuitable': 'their camera could not start',
  'camera-unavailable': 'their browser could not use a camera on the page',
  'device-check-failed': "their browser's camera check did not pass",
  'recording-unavailable': 'their camera worked, but their browser could not record it',
  'upload-refused': 'the server refused their recording',
  'upload-failing': 'they recorded a video, but sending it to the server kept failing',
};
const reasonInWords: Record<string, string | undefined> = NO_VIDEO_REASONS;

/**
 * The video introduction in the browser's own player. The server answers byte ranges, so the
 * reviewer can jump anywhere in it without downloading it all first.
 */
export function VideoPlayer({
  sessionId,
  candidateName,
  video,
  noVideo,
}: {
  sessionId: string;
  candidateName: string;
  video: CandidateDetail['video'];
  noVideo: CandidateDetail['noVideo'];
}) {
  if (video?.status === 'complete') {
    return (
      <div className="video-player">
        {/* biome-ignore lint/a11y/useMediaCaption: a candidate's own recording has no captions to offer. */}
        <video
          controls
          preload="metadata"
          src={candidateVideoUrl(sessionId)}
          aria-label={`Video introduction by ${candidateName}`}
        />
        <p className="muted">
          {video.durationSeconds !== null && <>Length {formatDuration(video.durationSeconds)}. </>}
          Received {formatDateTime(video.completedAt)}.{' '}
          <a href={candidateVideoUrl(sessionId)} download>
            Download the video
          </a>
        </p>
      </div>
    );
  }
  if (video?.status === 'uploading') {
    return (
      <p>
        The video is still uploading
        {video.bytes ? ` (${Math.round(video.bytes / 1024)} KB received so far)` : ''}.
      </p>
    );
  }
  if (noVideo) {
    const reason = reasonInWords[noVideo.reason] ?? noVideo.reason;
    return (
      <p>
        The candidate continued without a video{reason ? ` (${reason})` : ''}, on {formatDateTime(noVideo.receivedAt)}.
      </p>
    );
  }
  return <p>No video yet.</p>;
}
