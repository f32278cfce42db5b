import fs from 'node:fs';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { refusedReleasePath } from '@assessment/core/releases';
import { pack } from 'tar-stream';

/**
 * A build folder as a release upload: a gzipped tar of the files a release takes, each a plain
 * file at its path in the folder. Hidden folders (`.vite/`) are left out; any other file a release
 * does not take is left out and named, so nothing is dropped unseen. The product checks
 * every entry again (`api/src/releases/release-upload.ts`).
 */
export async function packBuildFolder(
  folder: string,
): Promise<{ archive: Buffer; files: string[]; leftOut: string[] }> {
  const names = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => fs.lstatSync(path.join(folder, name)).isFile())
    .sort();
  const files = names.filter((name) => !refusedReleasePath(name));
  const leftOut = names.filter(
    (name) => refusedReleasePath(name) && !name.split('/').some((part) => part.startsWith('.')),
  );
  const archive = pack();
  const chunks: Buffer[] = [];
  const gzip = createGzip();
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  archive.pipe(gzip);
  for (const name of files) {
    // A fixed time: the same build packs to the same bytes.
    archive.entry({ name, mtime: new Date(0), mode: 0o644 }, fs.readFileSync(path.join(folder, name)));
  }
  archive.finalize();
  await done;
  return { archive: Buffer.concat(chunks), files, leftOut };
}
