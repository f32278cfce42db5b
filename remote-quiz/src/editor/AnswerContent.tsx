import type { ReactNode } from 'react';
import { type RenderElementProps, type RenderLeafProps, useFocused, useSelected } from 'slate-react';
import type { ImageElement, LinkElement, TextBlockElement } from './lib/types.ts';

/**
 * How the answer looks while it is written. The class names are the ones saved in the HTML
 * (`ql-indent-*`, `ql-font-*`, `ql-size-*`), so a copy from the editor carries its formats.
 */

const indentClass = (element: TextBlockElement) => (element.indent ? `ql-indent-${element.indent}` : undefined);

// A zero-size character on both sides of an inline lets Chromium put the cursor at a link's edges.
const InlineEdge = () => (
  <span contentEditable={false} className="quiz-inline-edge">
    {String.fromCodePoint(160)}
  </span>
);

function LinkView({ attributes, children, element }: RenderElementProps & { element: LinkElement }) {
  return (
    <a {...attributes} href={element.url} className="quiz-answer-link">
      <InlineEdge />
      {children}
      <InlineEdge />
    </a>
  );
}

function PictureView({ attributes, children, element }: RenderElementProps & { element: ImageElement }) {
  const selected = useSelected();
  const focused = useFocused();
  return (
    <span {...attributes} className="quiz-picture">
      <span
        contentEditable={false}
        className={selected && focused ? 'quiz-picture-frame is-selected' : 'quiz-picture-frame'}
      >
        <img src={element.src} alt="Added to the answer" />
      </span>
      {children}
    </span>
  );
}

export function AnswerElementView(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
    case 'link':
      return <LinkView {...props} element={element} />;
    case 'image':
      return <PictureView {...props} element={element} />;
    case 'heading-one':
      return (
        <h1 {...attributes} className={indentClass(element)}>
          {children}
        </h1>
      );
    case 'heading-two':
      return (
        <h2 {...attributes} className={indentClass(element)}>
          {children}
        </h2>
      );
    case 'block-quote':
      return <blockquote {...attributes}>{children}</blockquote>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'list-item':
      return (
        <li {...attributes} className={indentClass(element)}>
          {children}
        </li>
      );
    default:
      return (
        <p {...attributes} className={indentClass(element)}>
          {children}
        </p>
      );
  }
}

export function AnswerLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content: ReactNode = children;
  if (leaf.strike) content = <s>{content}</s>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.bold) content = <strong>{content}</strong>;
  const classes = [leaf.font && `ql-font-${leaf.font}`, leaf.size && `ql-size-${leaf.size}`].filter(Boolean).join(' ');
  return (
    <span {...attributes} className={classes || undefined}>
      {content}
    </span>
  );
}
