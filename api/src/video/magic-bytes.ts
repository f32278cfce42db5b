import { EBML, readElement } from '@assessment/core/webm';

/** Bytes needed from the start of a file to tell its container: the whole EBML header or `ftyp` box. */
export const SNIFF_BYTES = 64;

export type VideoContentType = 'video/webm' | 'video/mp4';

const DOC_TYPE = 0x4282;
/** ISO base media brands of MP4 video (what browsers record and phones save); QuickTime and 3GP are not. */
const MP4_BRANDS = /^(isom|iso[2-9]|mp4[12]|avc1|M4V |dash|cmfc)$/;

/** The EBML header's DocType (`webm`, `matroska`), read element by element. */
function ebmlDocType(head: Buffer): string | undefined {
  const header = readElement(head, 0);
  if (!header || header.id !== EBML) return undefined;
  const end = Math.min(header.dataEnd ?? head.length, head.length);
  for (let at = header.dataStart; at < end; ) {
    const element = readElement(head, at);
    if (!element || element.dataEnd === undefined || element.dataEnd > head.length) return undefined;
    if (element.id === DOC_TYPE) return head.toString('latin1', element.dataStart, element.dataEnd).replace(/\0+$/, '');
    at = element.dataEnd;
  }
  return undefined;
}

/** The major brand of an `ftyp` box at the start of the file. */
function mp4MajorBrand(head: Buffer): string | undefined {
  if (head.length < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  return head.toString('latin1', 8, 12);
}

/**
 * The container of a file from its first bytes, whatever the client claimed: WebM by its EBML
 * header's DocType, MP4 by the major brand of its `ftyp` box. A file that only starts with the right
 * four bytes is not enough.
 */
export function sniffVideoType(head: Buffer): VideoContentType | undefined {
  if (ebmlDocType(head) === 'webm') return 'video/webm';
  if (MP4_BRANDS.test(mp4MajorBrand(head) ?? '')) return 'video/mp4';
  return undefined;
}
