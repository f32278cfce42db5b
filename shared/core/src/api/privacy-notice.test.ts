import { describe, expect, it } from 'vitest';
import { privacyNotice } from './privacy-notice.ts';

const notice = privacyNotice({
  companyName: 'Lumenvault',
  companyUrl: 'https://lumenvault.example',
  roleName: 'Growth',
  retentionDays: 180,
  emailsSent: true,
});

describe('privacyNotice', () => {
  it('promises a copy of no more than GET /api/my-data gives: the hiring team’s notes are kept from it', () => {
    const copy = notice.find((part) => part.heading === 'Your copy, and erasure')?.paragraphs.join(' ') ?? '';
    expect(copy).not.toMatch(/everything held about you/);
    expect(copy).toMatch(/\(its stage, ratings and notes\) is not in it/);
  });
});
