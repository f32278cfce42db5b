import { ANSWER_ATTRIBUTES, ANSWER_LINK_SCHEMES, ANSWER_TAGS, isAllowedImageSrc } from '@assessment/core';
import sanitizeHtml from 'sanitize-html';

/**
 * The answer editor's formats and nothing else: anything a candidate's browser sends is untrusted,
 * and the hiring company will render these answers in its own pages. Pictures stay only as the
 * editor makes them (inline data URLs of raster types, within its size): an answer never makes a
 * reader's browser fetch an address.
 */

export const LINK_URL = /^(https?:\/\/|mailto:|tel:)/i;
const INDENT_CLASS = /^ql-indent-[1-8]$/;
const SPAN_CLASS = /^ql-(font|size|indent)-[a-z0-9-]+$/;

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ANSWER_TAGS],
  allowedAttributes: { a: [...ANSWER_ATTRIBUTES.a], img: [...ANSWER_ATTRIBUTES.img] },
  allowedClasses: { p: [INDENT_CLASS], h1: [INDENT_CLASS], h2: [INDENT_CLASS], li: [INDENT_CLASS], span: [SPAN_CLASS] },
  allowedSchemes: [],
  allowedSchemesByTag: { a: [...ANSWER_LINK_SCHEMES], img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    a(tagName, attribs): sanitizeHtml.Tag {
      const href = attribs.href?.trim() ?? '';
      // A link the editor could not have made (javascript:, relative, obfuscated) keeps its text only.
      return {
        tagName,
        attribs: LINK_URL.test(href) ? { href, rel: 'noopener noreferrer', target: '_blank' } : {},
      };
    },
    img(tagName, attribs): sanitizeHtml.Tag {
      const src = attribs.src?.trim() ?? '';
      // The scheme list allows any data: URL; only raster images are wanted (an SVG can carry script).
      return { tagName, attribs: isAllowedImageSrc(src) ? { src } : {} };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeAnswer(html: string): string {
  return sanitizeHtml(html, options);
}
