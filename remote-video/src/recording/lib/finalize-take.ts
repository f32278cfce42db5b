import { needsDurationFix } from './recorder-format.ts';
import { type TimedRecording, withWebmDuration } from './webm-duration.ts';

/**
 * The recording as one playable file. Live WebM has no duration in its header, so a player shows
 * no length and cannot seek; the measured duration is written into the header here, before the
 * upload, because the header is the first thing sent and cannot be changed afterwards.
 */
export async function buildTakeBlob(
  parts: readonly Blob[],
  mimeType: string,
  measuredMs: number,
): Promise<TimedRecording> {
  const recorded = new Blob(parts as Blob[], { type: mimeType });
  if (!needsDurationFix(mimeType)) return { blob: recorded, durationMs: measuredMs };
  return withWebmDuration(recorded, measuredMs);
}
