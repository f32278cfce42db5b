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
 */
export function depthScanner(max = MAX_JSON_DEPTH): (chunk: Uint8Array) => boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    for (const byte of chunk) {
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        depth += 1;
        if (depth > max) return true;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        depth -= 1;
      }
    }
    return false;
  };
}
