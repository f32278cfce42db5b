/** A key as a person reads it out and types it: groups of four, which every app takes with or without the spaces. */
export function groupKey(key: string): string {
  return key.match(/.{1,4}/g)?.join(' ') ?? key;
}

/** What a code field holds, as it would be sent: the server drops spaces and dashes itself. */
export const hasCode = (typed: string) => typed.replace(/[\s-]/g, '') !== '';
