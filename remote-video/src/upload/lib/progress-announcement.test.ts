import { expect, it } from 'vitest';
import { progressAnnouncement } from './progress-announcement.ts';

it('speaks at each quarter, and says the same thing between two quarters', () => {
  const spoken = new Set(Array.from({ length: 101 }, (_, percent) => progressAnnouncement(percent)));
  expect([...spoken]).toEqual(['', '25% of your video sent.', '50% of your video sent.', '75% of your video sent.']);
  expect(progressAnnouncement(49)).toBe('25% of your video sent.');
  expect(progressAnnouncement(100)).toBe('');
});
