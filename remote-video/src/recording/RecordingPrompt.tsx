import type { TestDefinition } from '@assessment/core';
import { recordLimitMinutes } from './lib/clock.ts';

/** What to talk about, and how to come across well. */
export function RecordingPrompt({ test }: { test: TestDefinition }) {
  return (
    <aside className="video-prompt" aria-labelledby="video-prompt-title">
      <h3 id="video-prompt-title" className="video-subtitle">
        What to say
      </h3>
      <p>In up to {recordLimitMinutes(test.recordTimeInSeconds)} mins, introduce yourself:</p>
      <ol>
        <li>Who you are.</li>
        <li>Your experience relevant to the {test.roleName} role.</li>
        <li>Why you want to join {test.companyName}.</li>
      </ol>
      <h3 className="video-subtitle">Tips</h3>
      <ul>
        <li>Sit somewhere quiet, with light on your face.</li>
        <li>Look at the camera and speak clearly.</li>
        <li>The recording stops by itself at the time limit.</li>
        <li>Play your take back before you submit it. Retry records a new one; only the take you submit is sent.</li>
      </ul>
    </aside>
  );
}
