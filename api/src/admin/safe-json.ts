/**
 * JSON in which no candidate text can close a `<script>` or start markup, should a reader paste
 * it into a page: `<`, `>`, `&` and the two JavaScript line separators become \u escapes, which
 * every JSON parser reads back as the same characters.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
