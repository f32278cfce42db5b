import { wireSessionRef } from '@assessment/core';
import { postVideoSkipped, type SectionProps, useSession, useSessionSlice } from '@assessment/react';
import { useCallback, useEffect } from 'react';
import { SectionIntro } from './SectionIntro.tsx';
import { VideoIntroduction } from './VideoIntroduction.tsx';
import { videoSession } from './video-session.ts';
import './video.css';

/** Section 2, Video Introduction: opens for the candidate registered for this invitation. */
export function VideoSection({ test, testId, goToNext, goToLanding }: SectionProps) {
  const registeredFor = useSession((s) => s.testId);
  const sessionId = useSession((s) => s.sessionId);
  const videoRecorded = useSessionSlice(videoSession, (s) => s.VideoRecorded);
  const registered = registeredFor === testId && Boolean(sessionId);

  useEffect(() => {
    if (!registered) goToLanding({ replace: true });
    else if (videoRecorded) goToNext({ replace: true });
  }, [registered, videoRecorded, goToLanding, goToNext]);

  const continueWithoutVideo = useCallback(
    (reason: string) => {
      if (!sessionId) return;
      postVideoSkipped({ ...wireSessionRef({ sessionId, testId }), reason });
      videoSession.update({ noVideo: true });
      goToNext();
    },
    [sessionId, testId, goToNext],
  );

  if (!registered || !sessionId) {
    return (
      <p className="video-redirect" role="status">
        This section opens after you confirm your details on the invitation page. Taking you there…
      </p>
    );
  }
  if (videoRecorded) {
    return (
      <p className="video-redirect" role="status">
        Your video introduction has been sent. Taking you to the next section…
      </p>
    );
  }
  return (
    <div className="video">
      <SectionIntro test={test} />
      <VideoIntroduction
        key={sessionId}
        test={test}
        session={{ sessionId, testId }}
        onSent={() => videoSession.update({ VideoRecorded: true, noVideo: false })}
        onContinueWithoutVideo={continueWithoutVideo}
      />
    </div>
  );
}
