import { AUDIO_BITS_PER_SECOND, pickRecorderType, TIMESLICE_MS, VIDEO_BITS_PER_SECOND } from './recorder-format.ts';

/** What the candidate reads when this browser cannot record, whatever the cause. */
export const RECORDING_FAILED =
  'This browser could not start recording. Reload the page, or try another up-to-date browser.';

export type RecorderStart =
  | { started: true; recorder: MediaRecorder; requestedType: string | undefined }
  | { started: false; error: unknown };

/**
 * Makes a MediaRecorder for `stream` and starts it. Every way this can fail ends here, as a
 * value rather than a throw: a browser without MediaRecorder (`Recorder` is then undefined), a
 * type check that throws, a constructor or a `start` that refuses the stream.
 */
export function startRecorder(Recorder: typeof MediaRecorder | undefined, stream: MediaStream): RecorderStart {
  try {
    if (!Recorder) throw new TypeError('This browser has no MediaRecorder');
    const requestedType = pickRecorderType(
      (type) => Recorder.isTypeSupported(type),
      stream.getAudioTracks().length > 0,
    );
    const recorder = new Recorder(stream, {
      ...(requestedType ? { mimeType: requestedType } : {}),
      videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    });
    recorder.start(TIMESLICE_MS);
    return { started: true, recorder, requestedType };
  } catch (error) {
    return { started: false, error };
  }
}
