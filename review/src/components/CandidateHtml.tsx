import createDOMPurify from 'dompurify';
import { useLayoutEffect, useRef } from 'react';
import {
  ANSWER_LINK_REL,
  ANSWER_PICTURE_ALT,
  ANSWER_PURIFY_CONFIG,
  allowedClasses,
  isShownPicture,
} from '../lib/answer-purify.ts';
import '@assessment/react/answer-html.css';

// One instance of its own, so these hooks apply to candidate HTML and nothing else.
const purify = createDOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof Element)) return;
  const kept = allowedClasses(node.tagName, [...node.classList]);
  if (kept.length > 0) node.setAttribute('class', kept.join(' '));
  else node.removeAttribute('class');
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', ANSWER_LINK_REL);
  }
  if (node.tagName === 'IMG') {
    if (!isShownPicture(node.getAttribute('src'))) node.removeAttribute('src');
    node.setAttribute('alt', ANSWER_PICTURE_ALT);
  }
});

/**
 * The one way the review page shows HTML a candidate wrote. The server sanitized it when it was
 * saved; this sanitizes it again in the browser and inserts the result as nodes. The page's CSP
 * (no inline script) is the wall behind both.
 */
export function CandidateHtml({ html, className }: { html: string; className?: string }) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    container.current?.replaceChildren(purify.sanitize(html, ANSWER_PURIFY_CONFIG));
  }, [html]);
  return <div ref={container} className={className ? `answer-html ${className}` : 'answer-html'} />;
}
