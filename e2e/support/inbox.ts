import fs from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

/** The run's mail server writes each message it accepts here (e2e/support/smtp-sink.mjs): everyone's inbox. */
const sinkDir = process.env.E2E_MAIL_SINK_DIR ?? '';

/** Every message the run's mail server accepted for `address`, oldest first. */
export async function messagesTo(address: string): Promise<ParsedMail[]> {
  const files = fs.existsSync(sinkDir) ? fs.readdirSync(sinkDir).filter((file) => file.endsWith('.eml')) : [];
  const all = await Promise.all(files.sort().map((file) => simpleParser(fs.readFileSync(path.join(sinkDir, file)))));
  return all.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
}
