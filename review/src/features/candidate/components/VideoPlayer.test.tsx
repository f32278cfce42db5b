import { VIDEO_SKIP_REASONS } from '@assessment/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VideoPlayer } from './VideoPlayer.tsx';

const skipped = (reason: string) =>
  renderToStaticMarkup(
    <VideoPlayer
      sessionId="s1"
      candidateName="Ada Example"
      video={null}
      noVideo={{ reason, receivedAt: '2026-11-26T09:00:00.000Z' }}
    />,
  );

describe('a candidate who continued without a video', () => {
  it('reads why in words where the reason is known', () => {
    expect(skipped('recording-unavailable')).toContain(
      'The candidate continued without a video (their camera worked, but their browser could not record it), on',
    );
  });

  it('says that a recording was made when its upload kept failing', () => {
    expect(skipped('upload-failing')).toContain(
      'The candidate continued without a video (they recorded a video, but sending it to the server kept failing), on',
    );
  });

  it('reads every reason the video section gives in words', () => {
    for (const reason of VIDEO_SKIP_REASONS) expect(skipped(reason)).not.toContain(`(${reason})`);
    expect(skipped('upload-refused')).toContain(
      'The candidate continued without a video (the server refused their recording), on',
    );
  });

  it('shows a reason it does not know as it was sent', () => {
    expect(skipped('left-early')).toContain('The candidate continued without a video (left-early), on');
  });
});
