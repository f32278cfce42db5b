import { formatDateTime, isoOf } from '../lib/time.ts';

/** A server time as the reviewer reads it, machine-readable in `dateTime`; an em dash when there is none. */
export function When({ at }: { at: string | null | undefined }) {
  return at ? <time dateTime={isoOf(at)}>{formatDateTime(at)}</time> : <>—</>;
}
