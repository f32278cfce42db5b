import fs from 'node:fs';
import path from 'node:path';
import { FORBIDDEN_WORDS, INSTRUCTION_PATTERNS } from 'remote-video/honesty';
import { expect, test } from './fixtures.ts';
import { liveRemoteFile } from './support/live-remotes.ts';

const dist = path.resolve(import.meta.dirname, '../remote-video/dist');

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test('the built video remote holds no instruction to run, fetch or set up anything', async ({ request }) => {
  const files = filesUnder(dist);
  const texts = files.map((file) => ({ file: path.relative(dist, file), text: fs.readFileSync(file, 'utf8') }));
  expect(texts.map(({ file }) => file)).toContain('remoteEntry.js');

  // Everything, library code included: no phrase an instruction to run or fetch something would use.
  const instructions = texts.flatMap(({ file, text }) =>
    INSTRUCTION_PATTERNS.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`),
  );
  expect(instructions).toEqual([]);

  // The section's own code, where its words are: not even one of the forbidden words.
  const sectionCode = texts.filter(({ text }) => text.includes('Trouble with your webcam?'));
  expect(sectionCode.length).toBeGreaterThan(0);
  for (const { file, text } of sectionCode) expect(text.match(FORBIDDEN_WORDS)?.[0] ?? null, file).toBeNull();

  // And this build is what the server hands out.
  const served = await request.get(await liveRemoteFile(request, 'video', 'remoteEntry.js'));
  expect(await served.text()).toBe(texts.find(({ file }) => file === 'remoteEntry.js')?.text);
});
