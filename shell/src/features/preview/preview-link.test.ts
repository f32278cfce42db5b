import { describe, expect, it } from 'vitest';
import { previewLinkStateOf } from './preview-link.ts';

const open = { section: 'quiz', version: 'v2-0123456789ab', label: 'v2', expiresAt: '2026-12-07T10:00:00.000Z' };

describe('previewLinkStateOf', () => {
  it('reads what an open link opens', () => {
    expect(previewLinkStateOf(200, open)).toEqual({ kind: 'open', preview: open });
  });

  it('tells an expired link (410) from one that is not a link (404)', () => {
    expect(previewLinkStateOf(410, { error: 'expired' })).toEqual({ kind: 'expired' });
    expect(previewLinkStateOf(404, { error: 'not valid' })).toEqual({ kind: 'invalid' });
  });

  it('takes any other answer, or a body it cannot read, as a server to ask again', () => {
    expect(previewLinkStateOf(429, {})).toEqual({ kind: 'unreachable' });
    expect(previewLinkStateOf(200, { section: 'quiz' })).toEqual({ kind: 'unreachable' });
    expect(previewLinkStateOf(502, undefined)).toEqual({ kind: 'unreachable' });
  });
});
