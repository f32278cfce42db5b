// The mail server of the end-to-end run (Playwright starts it beside the product, see
// playwright.config.ts): a real SMTP server (`smtp-server`) that writes each message it accepts,
// whole, to E2E_MAIL_SINK_DIR, where the tests read it as a candidate's inbox.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const folder = process.env.E2E_MAIL_SINK_DIR;
const port = Number(process.env.E2E_SMTP_PORT);
if (!folder || !port) throw new Error('E2E_MAIL_SINK_DIR and E2E_SMTP_PORT are needed');
fs.mkdirSync(folder, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      count += 1;
      const name = `${Date.now()}-${process.pid}-${count}.eml`;
      // Whole or not at all: a test never reads half a message.
      fs.writeFileSync(path.join(folder, `${name}.partial`), Buffer.concat(chunks));
      fs.renameSync(path.join(folder, `${name}.partial`), path.join(folder, name));
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
