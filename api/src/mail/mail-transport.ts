import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailContent } from './messages.ts';

/** One message on its way out: its delivery id names it, so a second attempt is the same message. */
export interface OutgoingMail extends MailContent {
  deliveryId: string;
  to: string;
  /** The company the message is sent in the name of (the From address stays the product's). */
  fromName: string;
}

export interface MailTransport {
  /** Whether messages reach anyone: false writes them to files an operator can read. */
  readonly emailSetUp: boolean;
  /** Resolves once the server (or the file) has the whole message; rejects with why not. */
  send(mail: OutgoingMail): Promise<void>;
  /** Removes every copy this transport keeps of these deliveries (an erased candidate's). */
  forget(deliveryIds: readonly string[]): Promise<void>;
}

export interface MailSettings {
  /** `SMTP_URL`, e.g. `smtps://user:password@smtp.example.com`; unset writes `.eml` files. */
  smtpUrl: string | undefined;
  /** `MAIL_FROM`, the address every message is sent from. */
  from: string;
  /** Where the `.eml` files go without `smtpUrl` (`DATA_DIR/mail`). */
  mailDir: string;
}

/**
 * How long an SMTP server may stall a send: to connect and greet, and then at most this long
 * silent at any step. Nodemailer's own defaults (2 min to connect, 10 min of silence) would let a
 * stalled send outlast the hold on its message (`HOLD_MS` in `delivery-sender.ts`), and another
 * instance send it a second time.
 */
export const SMTP_STALL_MS = 60_000;

/** A Message-ID from the delivery id: a receiving server that sees a retry can tell it is the same message. */
function messageId(deliveryId: string, from: string): string {
  const domain =
    from
      .split('@')
      .at(-1)
      ?.replace(/[^a-z0-9.-]/gi, '') || 'localhost';
  return `<${deliveryId}@${domain}>`;
}

function envelope(mail: OutgoingMail, from: string) {
  return {
    from: { name: mail.fromName, address: from },
    // An address, never a string nodemailer would read as a list of them.
    to: { name: '', address: mail.to },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageId(mail.deliveryId, from),
  };
}

/**
 * Email through nodemailer: SMTP when `SMTP_URL` is set, else each message as an RFC 822 `.eml`
 * file named by its delivery, so `pnpm start` works with nothing configured and an operator can
 * still read what would have gone out.
 */
export function createMailTransport(settings: MailSettings): MailTransport {
  if (settings.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: SMTP_STALL_MS,
      greetingTimeout: SMTP_STALL_MS,
      socketTimeout: SMTP_STALL_MS,
    });
    return {
      emailSetUp: true,
      async send(mail) {
        await smtp.sendMail(envelope(mail, settings.from));
      },
      // Once the SMTP server has it, it is no longer ours to keep or erase.
      forget: async () => {},
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const fileOf = (deliveryId: string) => path.join(settings.mailDir, `${deliveryId}.eml`);
  return {
    emailSetUp: false,
    async send(mail) {
      const { message } = await files.sendMail(envelope(mail, settings.from));
      await fs.mkdir(settings.mailDir, { recursive: true });
      // Whole or not at all: a reader never sees half a message.
      const partial = `${fileOf(mail.deliveryId)}.partial`;
      await fs.writeFile(partial, message as Buffer);
      await fs.rename(partial, fileOf(mail.deliveryId));
    },
    async forget(deliveryIds) {
      // The part a write cut short (a full disk, a crash before the rename) holds the candidate too.
      const files = deliveryIds.flatMap((deliveryId) => [fileOf(deliveryId), `${fileOf(deliveryId)}.partial`]);
      await Promise.all(files.map((file) => fs.rm(file, { force: true })));
    },
  };
}
