import { describe, expect, it } from 'vitest';
import { TIMESLICE_MS } from './recorder-format.ts';
import { startRecorder } from './start-recorder.ts';

const withSound = { getAudioTracks: () => [{}] } as unknown as MediaStream;

/** A MediaRecorder that records WebM, and remembers how it was made and started. */
function fakeRecorder({ refuseStream = false, refuseStart = false } = {}) {
  const made: { options?: MediaRecorderOptions; timeslice?: number }[] = [];
  class FakeRecorder {
    static isTypeSupported = (type: string) => type.startsWith('video/webm');
    readonly record: (typeof made)[number] = {};
    constructor(_stream: MediaStream, options: MediaRecorderOptions) {
      if (refuseStream) throw new DOMException('The stream cannot be recorded', 'NotSupportedError');
      this.record.options = options;
      made.push(this.record);
    }
    start(timeslice: number) {
      if (refuseStart) throw new DOMException('The stream cannot be recorded', 'NotSupportedError');
      this.record.timeslice = timeslice;
    }
  }
  return { Recorder: FakeRecorder as unknown as typeof MediaRecorder, made };
}

describe('startRecorder', () => {
  it('starts a recorder of the first supported type, with a piece every timeslice', () => {
    const { Recorder, made } = fakeRecorder();
    const started = startRecorder(Recorder, withSound);
    expect(started).toMatchObject({ started: true, requestedType: 'video/webm;codecs=vp8,opus' });
    expect(made).toEqual([
      { options: expect.objectContaining({ mimeType: 'video/webm;codecs=vp8,opus' }), timeslice: TIMESLICE_MS },
    ]);
  });

  it('answers that it could not start, without throwing, in a browser without MediaRecorder', () => {
    const started = startRecorder(undefined, withSound);
    expect(started.started).toBe(false);
  });

  it('answers that it could not start when the recorder refuses the stream, made or started', () => {
    for (const refusing of [{ refuseStream: true }, { refuseStart: true }]) {
      const started = startRecorder(fakeRecorder(refusing).Recorder, withSound);
      expect(started).toMatchObject({ started: false, error: { name: 'NotSupportedError' } });
    }
  });
});
