/** Ordinary words of an answer about a role; the editors' cost depends on length, not on meaning. */
const WORDS = [
  'the',
  'a',
  'of',
  'to',
  'and',
  'in',
  'our',
  'we',
  'users',
  'growth',
  'market',
  'protocol',
  'campaign',
  'community',
  'metrics',
  'retention',
  'launch',
  'partners',
  'feedback',
  'weekly',
  'would',
  'measure',
  'first',
  'channel',
  'budget',
  'because',
  'results',
  'team',
  'product',
  'should',
  'onboarding',
  'research',
];

/**
 * Paragraphs of 60 to 140 words totalling `words`, the same on every run (a fixed linear
 * congruential sequence), so the three editors get exactly the same answer. The product is taken
 * in 32-bit integers (a double would round its low bits away and pick "the" nearly every time),
 * and the low bits, which repeat quickly, are dropped.
 */
export function answerParagraphs(words: number): string[] {
  let seed = 42;
  const next = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fff_ffff;
    return seed >>> 16;
  };
  const paragraphs: string[] = [];
  let left = words;
  while (left > 0) {
    const length = Math.min(left, 60 + (next() % 81));
    const paragraph = Array.from({ length }, () => WORDS[next() % WORDS.length]).join(' ');
    paragraphs.push(`${paragraph.charAt(0).toUpperCase()}${paragraph.slice(1)}.`);
    left -= length;
  }
  return paragraphs;
}
