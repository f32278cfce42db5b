import { type AnswerElement, type AnswerNode, allowedElement, EMPTY_ANSWER_TAGS } from '@assessment/core';
import { Parser } from 'htmlparser2';

/**
 * A stored answer (HTML the server sanitized when it was saved) as the tree the review page
 * renders. It is read with htmlparser2, the parser the sanitizer uses, and passes the allow-list a
 * second time: an element the editor does not write is left out with everything inside it, and an
 * attribute other than the editor's class, link or picture is never copied.
 */
export function answerTree(html: string): AnswerNode[] {
  const root: AnswerNode[] = [];
  /** The children list of each open element; null for one that is left out, with its content. */
  const open: (AnswerNode[] | null)[] = [root];
  const current = () => open[open.length - 1] ?? null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = current();
        const element = parent && allowedElement(name, attributes);
        if (!parent || !element) {
          if (!EMPTY_ANSWER_TAGS.has(name)) open.push(null);
          return;
        }
        const node: AnswerElement = element;
        parent.push(node);
        if (EMPTY_ANSWER_TAGS.has(name)) return;
        node.children = [];
        open.push(node.children);
      },
      ontext(text) {
        const parent = current();
        if (!parent) return;
        const last = parent[parent.length - 1];
        if (typeof last === 'string') parent[parent.length - 1] = last + text;
        else parent.push(text);
      },
      onclosetag(name) {
        if (!EMPTY_ANSWER_TAGS.has(name) && open.length > 1) open.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return root;
}
