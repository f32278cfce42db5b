/** The deepest nesting of arrays and objects a well-formed request body of this API has, with room to spare. */
export const MAX_JSON_DEPTH = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON nests arrays or objects deeper than `max`, told from its bytes in one pass without
 * parsing them, chunk by chunk as a body arrives: a hostile body of half a million nested arrays
 * is refused after its first bytes, before the rest is read or any parser (or a worker thread)
 * spends seconds on it. Brackets inside strings do not count, also where a chunk ends inside one.
 * Malformed JSON is left for the parser to refuse. Each call takes the next chunk.
 *
 * Inside a string only a quote or a backslash matters, so the scan jumps to the next of either
 * with `indexOf`, which runs natively: a body of answers is almost all string, and reading it a
 * byte at a time in JavaScript was 15% of the event loop under a load of autosaves
 * (`bench/README.md`). Each jump target is remembered until the scan passes it, so no byte is
 * searched twice, however many strings or escapes a hostile body holds.
 */
export function depthScanner(max = MAX_JSON_DEPTH): (chunk: Uint8Array) => boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    const end = chunk.length;
    let nextQuote = -1;
    let nextBackslash = -1;
    let at = 0;
    while (at < end) {
      if (inString) {
        if (escaped) {
          escaped = false;
          at += 1;
          continue;
        }
        if (nextQuote < at) nextQuote = chunk.indexOf(QUOTE, at);
        if (nextQuote === -1) nextQuote = end;
        if (nextBackslash < at) nextBackslash = chunk.indexOf(BACKSLASH, at);
        if (nextBackslash === -1) nextBackslash = end;
        if (nextBackslash < nextQuote) {
          escaped = true;
          at = nextBackslash + 1;
        } else {
          // Past the end when the string goes on into the next chunk.
          inString = nextQuote === end;
          at = nextQuote + 1;
        }
        continue;
      }
      const byte = chunk[at];
      if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        depth += 1;
        if (depth > max) return true;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        depth -= 1;
      }
      at += 1;
    }
    return false;
  };
}
