import { describe, expect, it } from 'vitest';
import { isAnswered, isDocumentAnswered, noteAnswered } from './answered.ts';
import { deserializeAnswer } from './html-deserialize.ts';
import { serializeAnswer } from './html-serialize.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const NOT_ANSWERED = [
  ['nothing saved yet', ''],
  ['an empty paragraph', '<p><br></p>'],
  ['an empty paragraph without a break', '<p></p>'],
  ['spaces only', '<p>   </p>'],
  ['non-breaking spaces and line breaks only', '<p>&nbsp;<br>&nbsp;</p>'],
  ['several empty lines', '<p><br></p><p><br></p>'],
  ['an empty header and an empty list item', '<h1><br></h1><ul><li><br></li></ul>'],
  ['bold with nothing in it', '<p><strong></strong></p>'],
  ['a picture the editor would refuse', '<p><img src="https://tracker.example/p.png"></p>'],
];

const ANSWERED = [
  ['a word', '<p>yes</p>'],
  ['a single character in a list', '<ol><li>1</li></ol>'],
  ['text after empty lines', '<p><br></p><p>late</p>'],
  ['a link', '<p><a href="https://example.com">example</a></p>'],
  ['a picture alone', `<p><img src="${PNG}"></p>`],
];

describe('answered or not', () => {
  it.each(NOT_ANSWERED)('is not answered: %s', (_name, html) => {
    expect(isAnswered(html)).toBe(false);
  });

  it.each(ANSWERED)('is answered: %s', (_name, html) => {
    expect(isAnswered(html)).toBe(true);
  });

  it.each([...NOT_ANSWERED, ...ANSWERED])('judges a document as its saved HTML: %s', (_name, html) => {
    const document = deserializeAnswer(html);
    expect(isDocumentAnswered(document)).toBe(isAnswered(serializeAnswer(document)));
  });

  it('takes the judgement of a document the editor has just saved', () => {
    const document = deserializeAnswer('<p><br></p><p>noted</p>');
    const html = serializeAnswer(document);
    noteAnswered(html, document);
    expect(isAnswered(html)).toBe(true);
    const emptied = deserializeAnswer('<p>   </p><p><br></p>');
    noteAnswered(serializeAnswer(emptied), emptied);
    expect(isAnswered(serializeAnswer(emptied))).toBe(false);
  });
});
