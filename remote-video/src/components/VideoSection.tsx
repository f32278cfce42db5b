import { postVideoSkipped, type SectionProps, useSession, useSessionSlice } from '@assessment/react';
import { useCallback, useEffect } from 'react';
import { SectionIntro } from './SectionIntro.tsx';
import { VideoIntroduction } from './VideoIntroduction.tsx';
import { videoSession } from './video-session.ts';
import '../video.css';

/** Section 2, Video Introduction: opens for the candidate registered for this invitation. */
export function VideoSection({ test, inviteId, goToNext, goToLanding }: SectionProps) {
  const registeredFor = useSession((s) => s.inviteUUID);
  const unique = useSession((s) => s.unique);
  const videoRecorded = useSessionSlice(videoSession, (s) => s.VideoRecorded);
  const registered = registeredFor === inviteId && Boolean(unique);

  useEffect(() => {
    if (!registered) goToLanding({ replace: true });
    else if (videoRecorded) goToNext({ replace: true });
  }, [registered, videoRecorded, goToLanding, goToNext]);

  const continueWithoutVideo = useCallback(
    (reason: string) => {
      if (!unique) return;
      postVideoSkipped({ unique, data: inviteId, reason });
      videoSession.update({ noVideo: true });
      goToNext();
    },
    [unique, inviteId, goToNext],
  );

  if (!registered || !unique) {
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
        key={unique}
        test={test}
        session={{ unique, inviteId }}
        onSent={() => videoSession.update({ VideoRecorded: true, noVideo: false })}
        onContinueWithoutVideo={continueWithoutVideo}
      />
    </div>
  );
}
