import { describe, expect, it } from 'vitest';
import { failureWithoutRecipient } from './delivery-log.ts';

describe('failureWithoutRecipient', () => {
  it('takes out the refused address, whole or by its mailbox, in any case, and keeps the rest', () => {
    const to = 'Ada.Lovelace+jobs@mail.example';
    expect(
      failureWithoutRecipient(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <ada.lovelace+jobs@MAIL.example>: User unknown (EENVELOPE)",
        to,
      ),
    ).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: User unknown (EENVELOPE)");
    expect(failureWithoutRecipient('550 user ada.lovelace+JOBS unknown', to)).toBe('550 user [address] unknown');
    // Only as a word of its own: "al" or "mail" inside the server's words stay.
    expect(failureWithoutRecipient('550 mailbox unavailable for mail', 'mail@mail.example')).toBe(
      '550 mailbox unavailable for [address]',
    );
    expect(failureWithoutRecipient('550 all mailboxes full', 'al@mail.example')).toBe('550 all mailboxes full');
  });

  it('takes out any other address too, and leaves words with none as they are', () => {
    expect(failureWithoutRecipient('452 4.2.2 forwarded to a.l@other.example: mailbox full', 'ada@mail.example')).toBe(
      '452 4.2.2 forwarded to [address]: mailbox full',
    );
    expect(failureWithoutRecipient('connect ECONNREFUSED 127.0.0.1:25', 'ada@mail.example')).toBe(
      'connect ECONNREFUSED 127.0.0.1:25',
    );
  });
});
