/** A server time (ms) as the API sends it: ISO 8601 in UTC, or null for none. */
export const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();
