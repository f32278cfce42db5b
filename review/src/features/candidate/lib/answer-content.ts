/** Whether an answer holds anything to read: text or a picture, not only empty paragraphs. */
export function hasAnswerContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length > 0;
}
