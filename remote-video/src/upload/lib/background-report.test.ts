import { describe, expect, it } from 'vitest';
import { backgroundReport } from './background-report.ts';

describe('backgroundReport', () => {
  it('counts a take as still sending while it is sent or waits to be sent again', () => {
    expect(backgroundReport({ phase: 'sending', sent: 10, total: 100, wayOn: true, keptInBrowser: true })).toBe(
      'sending',
    );
    expect(
      backgroundReport({
        phase: 'waiting',
        sent: 10,
        total: 100,
        wayOn: true,
        keptInBrowser: false,
        serverAnswered: false,
      }),
    ).toBe('sending');
  });

  it('tells of a refusal, which no waiting will undo', () => {
    expect(backgroundReport({ phase: 'refused', reason: 'The video is larger than the server accepts.' })).toBe(
      'refused',
    );
  });

  it('reports nothing once the take has arrived, or when there is none', () => {
    expect(backgroundReport({ phase: 'sent' })).toBeNull();
    expect(backgroundReport({ phase: 'idle' })).toBeNull();
  });
});
