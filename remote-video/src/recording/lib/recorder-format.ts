/**
 * How the introduction is recorded. VP8 comes first: it is the lightest to encode on a laptop
 * that is also running the camera, and every current browser plays it. MP4 is last, for Safari.
 */
const WITH_SOUND = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'];
const WITHOUT_SOUND = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm', 'video/mp4'];

/** A `dataavailable` every second, each one kept in the browser at once. */
export const TIMESLICE_MS = 1000;
/** Enough for a clear face at 720p; ten minutes stay well under 100 MB to upload. */
export const VIDEO_BITS_PER_SECOND = 1_000_000;
export const AUDIO_BITS_PER_SECOND = 64_000;

/** The first type this browser can record, or undefined to let the browser choose its own. */
export function pickRecorderType(isTypeSupported: (type: string) => boolean, withSound: boolean): string | undefined {
  return (withSound ? WITH_SOUND : WITHOUT_SOUND).find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** Chrome's and Firefox's WebM is written live, without a duration: it must be added before upload. */
export function needsDurationFix(mimeType: string): boolean {
  return /^video\/(webm|x-matroska)\b/i.test(mimeType);
}

/** The file type sent with the upload; the server checks the real one from the first bytes. */
export function uploadFileType(mimeType: string): string {
  return /^video\/(webm|mp4|x-matroska)(;.*)?$/i.test(mimeType) ? mimeType : 'video/webm';
}
