/** Why a message or a webhook failed: in the reviewer's words, and what the server logged, where that differs. */
export interface FailureWords {
  words: string;
  /** The error as the mail server, the network or the endpoint gave it; null when `words` is it. */
  detail: string | null;
}

/**
 * Errors as Node, nodemailer, `request-filtering-agent` and the webhook sender
 * (api/src/webhooks/webhook-post.ts) word them, in the order they are looked for, and what each
 * means to a hiring manager. `$1` is the pattern's first group; `{who}` is the server the message went to.
 */
const KNOWN: readonly (readonly [RegExp, string])[] = [
  [
    /is not allowed\. Because,? It is (?:private|meta) IP address|denyIPAddressList/i,
    'the address leads to a private network, which webhooks may not reach',
  ],
  [/\b(?:ENOTFOUND|EAI_NONAME|EAI_AGAIN)\b/, "the address's name was not found"],
  [/\bECONNREFUSED\b/, '{who} refused the connection'],
  [/\b(?:EHOSTUNREACH|ENETUNREACH)\b/, "{who}'s network could not be reached"],
  [/\b(?:ECONNRESET|EPIPE)\b|socket hang up/i, 'the connection was cut before an answer came'],
  [/no whole answer within (\d+) s/, '{who} did not answer within $1 seconds'],
  [/\b(?:ETIMEDOUT|ESOCKET)\b|Greeting never received|timed? ?out/i, 'no answer came in time'],
  [/certificate|\bCERT_|SELF_SIGNED|UNABLE_TO_VERIFY/i, "{who}'s certificate could not be trusted"],
  [
    /^answered (3\d\d); redirects are not followed/,
    'the endpoint answered with a redirect (HTTP $1), and redirects are not followed',
  ],
  [/^answered (\d{3})$/, 'the endpoint answered HTTP $1, which is not a success'],
  [/Invalid login|\bEAUTH\b/i, "the mail server did not accept the product's sign-in"],
  [/^5\d\d\b|\b5\.\d{1,3}\.\d{1,3}\b/, 'the mail server refused it'],
  [/^4\d\d\b|\b4\.\d{1,3}\.\d{1,3}\b/, 'the mail server asked to try again later'],
];

/**
 * A failure in words. What the server wrote in words already (a message not sent because its
 * candidate was erased) is shown as it is; a technical error gets its meaning, and keeps its text
 * for whoever fixes the endpoint or the mail server.
 */
export function failureWords(error: string, who: 'the endpoint' | 'the mail server'): FailureWords {
  const raw = error.trim().replace(/\.$/, '');
  for (const [pattern, meaning] of KNOWN) {
    const match = pattern.exec(raw);
    if (match) return { words: meaning.replace('$1', match[1] ?? '').replace('{who}', who), detail: raw };
  }
  return { words: raw, detail: null };
}
