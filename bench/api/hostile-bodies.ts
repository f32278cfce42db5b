import type { AnswersPayload } from '@assessment/core';
import { INVITE } from '../lib/product.ts';

/** The hostile bodies `pnpm bench api` sends in a loop, by name. */
export type HostileKind = 'nested-spans' | 'nested-arrays';

/** What the issue sent: three answers of 49,000 nested spans, 882 kB, inside every size limit. */
function nestedSpans(unique: string): string {
  const nested = '<span>'.repeat(49_000);
  const question = { pastes: [], droppedPastes: 0, switches: 0 };
  return JSON.stringify({
    unique,
    data: INVITE,
    answers: [nested, nested, nested],
    proctoring: { tabSwitches: 0, perQuestion: [question, question, question] },
    revision: 1,
    savedAt: Date.now(),
    final: false,
  } satisfies AnswersPayload);
}

/** Half a million nested arrays, 1 MB: JSON that no parser should be asked to walk. */
function nestedArrays(): string {
  return `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
}

/** The body a hostile client of this session sends. */
export function hostileBody(kind: HostileKind, unique: string): string {
  return kind === 'nested-spans' ? nestedSpans(unique) : nestedArrays();
}
