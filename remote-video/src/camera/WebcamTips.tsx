import { WEBCAM_TIPS } from './lib/messages.ts';

/** The honest help for camera problems (README.md, What this is), always in view during the setup. */
export function WebcamTips() {
  return (
    <section className="video-tips" aria-labelledby="video-tips-title">
      <h2 id="video-tips-title" className="video-tips-title">
        Trouble with your webcam?
      </h2>
      <ul>
        {WEBCAM_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}
