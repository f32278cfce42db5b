import { type KeyValueStorage, randomId, type SectionTroubleKind, safeRead, safeWrite } from '@assessment/core';

/** Where this browser keeps the failure of a section still open, across reloads, until the section shows. */
export const OPEN_TROUBLE_KEY = 'sectionTrouble';

/**
 * A section that failed in front of the candidate and has not shown since. It names the test and
 * the section, never the session or the candidate: an erasure need not find it.
 */
export interface OpenTrouble {
  troubleId: string;
  testId: string;
  sectionId: string;
  kind: SectionTroubleKind;
  startedAt: number;
}

function readOpen(storage: KeyValueStorage | undefined): OpenTrouble | null {
  try {
    const held = JSON.parse(safeRead(storage, OPEN_TROUBLE_KEY) ?? 'null') as OpenTrouble | null;
    return held && typeof held.troubleId === 'string' && typeof held.startedAt === 'number' ? held : null;
  } catch {
    return null;
  }
}

const sameSection = (held: OpenTrouble, testId: string, sectionId: string) =>
  held.testId === testId && held.sectionId === sectionId;

/**
 * The section failed: the failure already open for it goes on (a retry that failed again, a
 * reload), or a new one starts now. Answers the failure to report, and whether it is new.
 */
export function troubleStarted(
  storage: KeyValueStorage | undefined,
  at: { testId: string; sectionId: string; kind: SectionTroubleKind; now: number },
): { trouble: OpenTrouble; isNew: boolean } {
  const held = readOpen(storage);
  if (held && sameSection(held, at.testId, at.sectionId)) return { trouble: held, isNew: false };
  const trouble = {
    troubleId: randomId(),
    testId: at.testId,
    sectionId: at.sectionId,
    kind: at.kind,
    startedAt: at.now,
  };
  safeWrite(storage, OPEN_TROUBLE_KEY, JSON.stringify(trouble));
  return { trouble, isNew: true };
}

/** The section shows: the failure open for it ends now, and is answered for its report; null when none was open. */
export function troubleEnded(
  storage: KeyValueStorage | undefined,
  at: { testId: string; sectionId: string; now: number },
): (OpenTrouble & { endedAt: number }) | null {
  const held = readOpen(storage);
  if (!held || !sameSection(held, at.testId, at.sectionId)) return null;
  safeWrite(storage, OPEN_TROUBLE_KEY, null);
  return { ...held, endedAt: Math.max(at.now, held.startedAt) };
}
