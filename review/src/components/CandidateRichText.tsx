import { type AnswerNodeInput, allowedElement, EMPTY_ANSWER_TAGS } from '@assessment/core';
import { createElement, type ReactNode } from 'react';
import '@assessment/react/answer-html.css';

/** What a picture in an answer is called for a screen reader; the editor stores no description. */
export const ANSWER_PICTURE_ALT = 'Picture added by the candidate';

/** Links open in a new tab that cannot reach back into this page, and pass on no address. */
export const ANSWER_LINK_REL = 'noopener noreferrer nofollow';

function renderNode(node: AnswerNodeInput, key: number): ReactNode {
  if (typeof node === 'string') return node;
  // The allow-list again, here: props are built from it alone, never copied from the node.
  const element = allowedElement(node.tag, node);
  if (!element) return null;
  const props: Record<string, string | number> = { key };
  if (element.class) props.className = element.class;
  if (element.tag === 'a') {
    if (element.href) props.href = element.href;
    props.target = '_blank';
    props.rel = ANSWER_LINK_REL;
  }
  if (element.tag === 'img' && element.src) {
    props.src = element.src;
    props.alt = ANSWER_PICTURE_ALT;
  }
  if (EMPTY_ANSWER_TAGS.has(element.tag)) return createElement(element.tag, props);
  return createElement(element.tag, props, ...(node.children ?? []).map(renderNode));
}

/**
 * The one way the review page shows what a candidate wrote: the server's tree of the editor's
 * elements, made into React elements. No HTML is parsed, so no attribute the page did not choose
 * ever reaches the document; the page's CSP (no inline script) is the wall behind it.
 */
export function CandidateRichText({ nodes, className }: { nodes: readonly AnswerNodeInput[]; className?: string }) {
  return <div className={className ? `answer-html ${className}` : 'answer-html'}>{nodes.map(renderNode)}</div>;
}
