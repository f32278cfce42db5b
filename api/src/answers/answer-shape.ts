import { Parser } from 'htmlparser2';

/**
 * What the quiz editor can write, as numbers the server checks before sanitizing. The editor's
 * deepest nesting is 8 (a list, its item, a link, a font/size span, bold, italic, underline,
 * strike); twice that leaves room. Element counts matter only for HTML the editor did not write
 * (its own goes through `canonicalAnswer`), where sanitize-html's cost grows with them.
 */
export const ANSWER_MAX_DEPTH = 16;
export const ANSWER_MAX_ELEMENTS = 5000;

/**
 * Why an answer is refused. `hostile` when no editor of the product writes it at all: nesting past
 * ANSWER_MAX_DEPTH is twice the editor's deepest, where a long pasted text can still hold many elements.
 */
export interface ShapeProblem {
  message: string;
  hostile: boolean;
}

class ShapeRefusal extends Error {
  constructor(
    message: string,
    readonly hostile: boolean,
  ) {
    super(message);
  }
}

/**
 * Why an answer is refused before sanitizing, or undefined. It reads the HTML with htmlparser2,
 * the parser sanitize-html uses, so it sees the nesting the sanitizer would see (a browser's
 * implied closes, raw text in script and comments), and stops at the first level or element too
 * many: the pass stays linear where a sanitizer's grows with depth times length.
 */
export function answerShapeProblem(html: string): ShapeProblem | undefined {
  let depth = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag() {
        depth += 1;
        elements += 1;
        if (depth > ANSWER_MAX_DEPTH) {
          throw new ShapeRefusal(
            `nests HTML elements more than ${ANSWER_MAX_DEPTH} deep, deeper than the answer editor writes`,
            true,
          );
        }
        if (elements > ANSWER_MAX_ELEMENTS) {
          throw new ShapeRefusal(
            `has more than ${ANSWER_MAX_ELEMENTS} HTML elements, more than the answer editor writes`,
            false,
          );
        }
      },
      onclosetag() {
        depth -= 1;
      },
    },
    { decodeEntities: true },
  );
  try {
    parser.write(html);
    parser.end();
    return undefined;
  } catch (error) {
    if (error instanceof ShapeRefusal) return { message: error.message, hostile: error.hostile };
    throw error;
  }
}
