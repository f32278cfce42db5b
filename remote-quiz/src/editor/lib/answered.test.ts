import { describe, expect, it } from 'vitest';
import { isAnswered } from './answered.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('answered or not', () => {
  it.each([
    ['nothing saved yet', ''],
    ['an empty paragraph', '<p><br></p>'],
    ['an empty paragraph without a break', '<p></p>'],
    ['spaces only', '<p>   </p>'],
    ['non-breaking spaces and line breaks only', '<p>&nbsp;<br>&nbsp;</p>'],
    ['several empty lines', '<p><br></p><p><br></p>'],
    ['an empty header and an empty list item', '<h1><br></h1><ul><li><br></li></ul>'],
    ['bold with nothing in it', '<p><strong></strong></p>'],
    ['a picture the editor would refuse', '<p><img src="https://tracker.example/p.png"></p>'],
  ])('is not answered: %s', (_name, html) => {
    expect(isAnswered(html)).toBe(false);
  });

  it.each([
    ['a word', '<p>yes</p>'],
    ['a single character in a list', '<ol><li>1</li></ol>'],
    ['text after empty lines', '<p><br></p><p>late</p>'],
    ['a link', '<p><a href="https://example.com">example</a></p>'],
    ['a picture alone', `<p><img src="${PNG}"></p>`],
  ])('is answered: %s', (_name, html) => {
    expect(isAnswered(html)).toBe(true);
  });
});
