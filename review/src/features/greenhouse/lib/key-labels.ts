import type { GreenhouseCall, PartnerKeyView } from '@assessment/core';

/** What each address is for, as the admin hands it to Greenhouse. */
export const GREENHOUSE_CALL_NAMES: Record<GreenhouseCall, string> = {
  list_tests: 'List tests (list_tests)',
  send_test: 'Send test (send_test)',
  test_status: 'Test status (test_status)',
  response_error: 'Response error (response_error)',
};

/** Where a key stands, as the admin reads it; `dateTime` formats a server time for them. */
export function keyState(key: PartnerKeyView, dateTime: (at: string) => string): string {
  if (key.revokedAt) return `Revoked ${dateTime(key.revokedAt)}: Greenhouse's calls with it are refused`;
  if (key.lastUsedAt) return `In use: Greenhouse last called with it ${dateTime(key.lastUsedAt)}`;
  return 'Not used by Greenhouse yet';
}
