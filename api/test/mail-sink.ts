import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './helpers.ts';

/** A message as the sink received it: the envelope's recipients and the parsed message. */
export interface SunkMail {
  to: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server that keeps what it is sent (`smtp-server`, parsed with `mailparser`), for the
 * API to send to through `SMTP_URL`. `refuseNext(n)` answers the next n messages with a temporary
 * failure, as a busy mail server does; `rejectRecipient(address)` refuses that address for good,
 * quoting it, as a mail server does a mailbox it does not have.
 */
export async function startMailSink(port?: number) {
  const received: SunkMail[] = [];
  let refusals = 0;
  const rejected = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address)) return callback();
      const error = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
        responseCode: 550,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (refusals > 0) {
            refusals -= 1;
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const chosenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(chosenPort, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${chosenPort}`,
    port: chosenPort,
    received,
    refuseNext(count: number) {
      refusals = count;
    },
    rejectRecipient(address: string) {
      rejected.add(address);
    },
    /** The messages sent to `address`, oldest first. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
