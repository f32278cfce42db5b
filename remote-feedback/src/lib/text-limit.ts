/**
 * Screen readers hear the character limit only as it comes near, in steps, rather than a counter
 * that speaks on every key press. Returns the sentence to announce, or '' while there is room.
 */
export function limitNotice(length: number, max: number): string {
  const left = max - length;
  if (left <= 0) return `You have reached the limit of ${max} characters.`;
  if (left <= 50) return 'Fewer than 50 characters left.';
  if (left <= 200) return 'Fewer than 200 characters left.';
  return '';
}

/** The visible counter under the comment box. */
export function characterCount(length: number, max: number): string {
  return `${length} / ${max} characters`;
}
