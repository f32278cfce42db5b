import { describe, expect, it } from 'vitest';
import { failureWords } from './failure-words.ts';

describe('failureWords', () => {
  it('says a name lookup that failed in words, and keeps the error as the detail', () => {
    expect(failureWords('getaddrinfo ENOTFOUND ats.example (ENOTFOUND)', 'the endpoint')).toEqual({
      words: "the address's name was not found",
      detail: 'getaddrinfo ENOTFOUND ats.example (ENOTFOUND)',
    });
  });

  it('names what the network, the endpoint and the mail server did', () => {
    const words = (error: string) => failureWords(error, 'the endpoint').words;
    expect(
      words('DNS lookup 127.0.0.1(family:4, host:127.0.0.1) is not allowed. Because, It is private IP address. (ERR)'),
    ).toBe('the address leads to a private network, which webhooks may not reach');
    expect(words('connect ECONNREFUSED 10.0.0.1:443 (ECONNREFUSED)')).toBe('the endpoint refused the connection');
    expect(words('no whole answer within 10 s')).toBe('the endpoint did not answer within 10 seconds');
    expect(words('answered 500')).toBe('the endpoint answered HTTP 500, which is not a success');
    expect(words('answered 302; redirects are not followed')).toBe(
      'the endpoint answered with a redirect (HTTP 302), and redirects are not followed',
    );
    expect(words('self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)')).toBe(
      "the endpoint's certificate could not be trusted",
    );
    expect(failureWords('connect ECONNREFUSED 127.0.0.1:25 (ECONNREFUSED)', 'the mail server').words).toBe(
      'the mail server refused the connection',
    );
    expect(words("Can't send mail - all recipients were rejected: 550 5.1.1 <x>: User unknown (EENVELOPE)")).toBe(
      'the mail server refused it',
    );
  });

  it('shows what the server wrote in words as it is, without a detail', () => {
    expect(failureWords('the invitation was revoked before it went out.', 'the mail server')).toEqual({
      words: 'the invitation was revoked before it went out',
      detail: null,
    });
  });
});
