/** Bytes needed from the start of a file to tell its container. */
export const SNIFF_BYTES = 8;

export type VideoContentType = 'video/webm' | 'video/mp4';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const FTYP = Buffer.from('ftyp', 'latin1');

/**
 * The container of a file from its first bytes, whatever the client claimed: WebM/Matroska start
 * with the EBML magic, MP4 (and QuickTime) have an `ftyp` box first.
 */
export function sniffVideoType(head: Buffer): VideoContentType | undefined {
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) return 'video/webm';
  if (head.length >= 8 && head.subarray(4, 8).equals(FTYP)) return 'video/mp4';
  return undefined;
}
