import type { TestDefinition } from '@assessment/core';
import { recordLimitMinutes } from '../recording/lib/clock.ts';

/** The section's title, its recording limit, and what is recorded and who receives it, before anything is. */
export function SectionIntro({ test }: { test: TestDefinition }) {
  const minutes = recordLimitMinutes(test.recordTimeInSeconds);
  return (
    <div className="video-intro">
      <p className="video-eyebrow">Section 2 of 3</p>
      <h1 className="video-title" tabIndex={-1}>
        Video Introduction
      </h1>
      <p className="video-limit">
        Recording limit: <strong>{minutes} mins</strong>
      </p>
      <p className="video-disclosure">
        <strong>What is recorded:</strong> once you select Record, this page records your camera picture and microphone
        sound, for up to {minutes} mins. When you select Submit, the video is sent to {test.companyName}, the hiring
        company, with the rest of your assessment. Nothing is recorded before you select Record, and you can play your
        video back and record it again before sending it. This page also tells {test.companyName} whether a camera was
        available and allowed on this device (never a picture).
      </p>
    </div>
  );
}
