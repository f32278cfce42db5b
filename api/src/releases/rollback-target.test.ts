import { describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryKind } from '../storage/releases/release-store.ts';
import { rollbackTarget } from './rollback-target.ts';

let seq = 0;
const entry = (kind: HistoryKind, release: string, previous: string | null = null): HistoryEntry => ({
  section_id: 'quiz',
  seq: ++seq,
  at: seq,
  kind,
  release_id: release,
  version: release,
  previous_release_id: previous,
  previous_version: previous,
  actor: 'quiz CI',
  key_id: null,
  reason: null,
});

describe('rollbackTarget', () => {
  it('goes back to the release live before the current one', () => {
    const history = [entry('imported', 'v1'), entry('released', 'v2'), entry('promoted', 'v2', 'v1')];
    expect(rollbackTarget(history, 'v2')).toBe('v1');
  });
  it('goes two steps back after two rollbacks, never back and forth', () => {
    const history = [
      entry('imported', 'v1'),
      entry('promoted', 'v2', 'v1'),
      entry('promoted', 'v3', 'v2'),
      entry('rolled-back', 'v2', 'v3'),
    ];
    expect(rollbackTarget(history, 'v2')).toBe('v1');
  });
  it('may return to a release rolled back from once it was made live again', () => {
    const history = [
      entry('imported', 'v1'),
      entry('promoted', 'v2', 'v1'),
      entry('rolled-back', 'v1', 'v2'),
      entry('promoted', 'v2', 'v1'),
      entry('promoted', 'v3', 'v2'),
    ];
    expect(rollbackTarget(history, 'v3')).toBe('v2');
  });
  it('finds nothing before the first release', () => {
    expect(rollbackTarget([entry('imported', 'v1')], 'v1')).toBeUndefined();
  });
});
