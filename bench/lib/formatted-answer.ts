import { answerParagraphs } from '../typing/page/answer-text.ts';

/** Four paragraphs in the quiz editor's HTML, with every format its toolbar has. */
function formattedSection([first = '', second = '', third = '', fourth = '']: string[]): string {
  const words = (text: string, from: number, to: number) => text.split(' ').slice(from, to).join(' ');
  return [
    `<h2>${words(first, 0, 6)}</h2>`,
    `<p>${words(first, 6, 30)} <strong>${words(first, 30, 36)}</strong> <em>${words(first, 36, 44)}</em></p>`,
    `<p class="ql-indent-1"><span class="ql-font-serif">${words(second, 0, 20)}</span> <u>${words(second, 20, 26)}</u></p>`,
    `<blockquote>${words(second, 26, 50)}</blockquote>`,
    `<ol><li>${words(third, 0, 14)}</li><li class="ql-indent-1"><strong><em>${words(third, 14, 22)}</em></strong></li><li>${words(third, 22, 40)}</li></ol>`,
    `<ul><li><span class="ql-size-large">${words(fourth, 0, 12)}</span></li><li><s>${words(fourth, 12, 18)}</s> ${words(fourth, 18, 40)}</li></ul>`,
    `<p><a href="https://lumenvault.example/growth?ref=bench&amp;step=2">${words(fourth, 40, 46)}</a> ${words(fourth, 46, 80)}<br></p>`,
  ].join('');
}

/**
 * One answer of about 2.4 kB as the quiz editor writes it, with every format its toolbar has:
 * headings, indents, a quote, both lists, marks, font and size spans, a link.
 */
export function formattedAnswer(seed: number): string {
  const paragraphs = answerParagraphs(900 + seed);
  return formattedSection(paragraphs.slice(0, 4)) + formattedSection(paragraphs.slice(4, 8));
}
