import { describe, expect, it, vi } from 'vitest';
import { listMediaInputs, openCameraStream } from './media-inputs.ts';

const failure = (name: string) => Object.assign(new Error(name), { name });

describe('listMediaInputs', () => {
  it('lists cameras and microphones, naming the ones the browser does not label yet', () => {
    const inputs = listMediaInputs([
      { kind: 'videoinput', deviceId: '', label: '' },
      { kind: 'videoinput', deviceId: 'cam-2', label: 'USB Camera' },
      { kind: 'audioinput', deviceId: 'default', label: 'Default - Headset' },
      { kind: 'audiooutput', deviceId: 'speakers', label: 'Speakers' },
    ]);
    expect(inputs.cameras).toEqual([
      { deviceId: '', label: 'Camera 1' },
      { deviceId: 'cam-2', label: 'USB Camera' },
    ]);
    expect(inputs.microphones).toEqual([{ deviceId: 'default', label: 'Default - Headset' }]);
  });
});

describe('openCameraStream', () => {
  const stream = { id: 'stream' } as MediaStream;

  it('asks for the chosen camera with sound', async () => {
    const getUserMedia = vi.fn(async () => stream);
    await expect(openCameraStream({ getUserMedia }, { cameraId: 'cam-2', microphoneId: 'mic-1' })).resolves.toEqual({
      stream,
      withSound: true,
    });
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, deviceId: { exact: 'cam-2' } },
      audio: { deviceId: { exact: 'mic-1' } },
    });
  });

  it('records video alone when the microphone fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const getUserMedia = vi.fn(async (constraints?: MediaStreamConstraints) => {
      if (constraints?.audio) throw failure('NotFoundError');
      return stream;
    });
    await expect(openCameraStream({ getUserMedia }, {})).resolves.toEqual({ stream, withSound: false });
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: { width: { ideal: 1280 }, height: { ideal: 720 } } });
  });

  it("reports the camera's own error when the camera fails too", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const getUserMedia = vi.fn(async (constraints?: MediaStreamConstraints) => {
      throw failure(constraints?.audio ? 'NotFoundError' : 'NotReadableError');
    });
    await expect(openCameraStream({ getUserMedia }, {})).rejects.toMatchObject({ name: 'NotReadableError' });
  });

  it('fails clearly where the page has no media devices', async () => {
    await expect(openCameraStream(undefined, {})).rejects.toMatchObject({ name: 'NotSupportedError' });
  });
});
