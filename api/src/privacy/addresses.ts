/**
 * Anything shaped as an email address, as a mail server's words quote one (`<ada@mail.example>`):
 * its domain ends in letters, so a stack frame's path through a package and its version
 * (`.pnpm/fastify@5.12.8/…`) is not one.
 */
const ADDRESS_LIKE = /[^\s<>()[\]"',;:@/]+@(?:[a-z0-9-]+\.)+[a-z]{2,}/gi;

/**
 * A text that may quote an email address (an error's message, a mail server's refusal), with each
 * address taken out: where the text is kept or shown beyond the candidate's own record, as a log
 * line or to a reader blind review hides them from, the address would be a copy of them.
 */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS_LIKE, '[address]');
}
