// Issue 16 item 10: names in scripts other than Latin take three or four bytes a character, and a file
// system counts a name's bytes (255), not its characters. Every segment the app makes fits in 255 UTF-8
// bytes with `.part` and a ` (n)` number added, keeps its extension, and is never cut inside a character
// or a grapheme; and a 100-character Chinese product name really downloads.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import nodePath, { basename, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadFile } from '../../../electron/core/downloads/download-file';
import { nodeDownloadFs } from '../../../electron/core/downloads/download-fs';
import { renderTemplate } from '../../../electron/core/downloads/name-template';
import { joinInside, safeSegment, safeSegments } from '../../../electron/core/downloads/safe-path';
import { startFileServer } from '../../fixtures/file-server';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
/** The longest a made segment can become on disk: the download's `.part`, or a free number ` (9999)`. */
const onDisk = (segment: string) => Math.max(bytes(`${segment}.part`), bytes(`${segment} (9999)`));
const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8') === text;

const CHINESE_100 = '春季新品发布会'.repeat(15).slice(0, 100);
const anyUnicode = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 400 }),
  fc.string({
    unit: fc.constantFrom('春', '😀', '👩‍👩‍👧', 'é', 'e\u0301', 'ก', 'ึ', '\ud800', 'a', '.'),
    minLength: 60,
    maxLength: 300,
  }),
);

describe('a segment by its UTF-8 bytes', () => {
  it('fits in 255 bytes with .part or a number, and is valid UTF-8, for any Unicode text', () => {
    fc.assert(
      fc.property(anyUnicode, (text) => {
        const segment = safeSegment(text);
        expect(onDisk(segment)).toBeLessThanOrEqual(255);
        expect(wellFormed(segment)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the extension, and cuts only between graphemes', () => {
    // Names of many-byte graphemes (a flag is 8 bytes, a keycap 7, a Thai syllable 6) after a few
    // letters, so that the cut falls at every offset inside them. (Zero-width joiners are taken out of
    // names anyway, for they can hide characters.)
    const cluster = fc.constantFrom('🇵🇹', '1\ufe0f\u20e3', '👍🏽', 'é', 'กึ', '春', '😀', 'a');
    const stem = fc
      .tuple(fc.nat({ max: 30 }), fc.array(cluster, { minLength: 40, maxLength: 150 }))
      .map(([letters, clusters]) => 'x'.repeat(letters) + clusters.join(''));
    const ext = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    fc.assert(
      fc.property(stem, ext, (name, extension) => {
        const segment = safeSegment(`${name}.${extension}`);
        expect(onDisk(segment)).toBeLessThanOrEqual(255);
        expect(segment.endsWith(`.${extension}`)).toBe(true);
        // What is kept of the name is its first whole graphemes: none cut in half.
        const kept = graphemes(segment.slice(0, -extension.length - 1));
        expect(graphemes(name.normalize('NFC')).slice(0, kept.length)).toEqual(kept);
      }),
      { numRuns: 2000 },
    );
  });

  it('a 100-character Chinese name keeps as many characters as fit, and .mp4', () => {
    const segment = safeSegment(`${CHINESE_100}.mp4`);
    expect(segment.endsWith('.mp4')).toBe(true);
    expect(onDisk(segment)).toBeLessThanOrEqual(255);
    expect(CHINESE_100.startsWith(segment.slice(0, -4))).toBe(true);
    expect(segment.length).toBeGreaterThan(70);
  });

  it('whole paths of long names: every part fits', () => {
    fc.assert(
      fc.property(fc.array(anyUnicode, { minLength: 1, maxLength: 10 }), (parts) => {
        for (const segment of safeSegments(parts)) expect(onDisk(segment)).toBeLessThanOrEqual(255);
      }),
      { numRuns: 500 },
    );
  });
});

describe('really on disk', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('downloads a job whose project and headline are 100 Chinese characters, twice (the second numbered)', async () => {
    const content = randomBytes(64 * 1024);
    const server = await startFileServer(content);
    const root = await mkdtemp(join(tmpdir(), 'jrs-long-'));
    dirs.push(root);
    try {
      const segments = renderTemplate(
        '{project}/{values.headline}.{ext}',
        {
          uuid: 'job-1',
          projectId: 'p1',
          projectName: CHINESE_100,
          jobType: 'ai_talking_video',
          status: 'SUCCESS',
          finishedAt: '2025-03-01T10:00:00Z',
          createdAt: null,
          batchName: null,
          batchRow: null,
          values: { headline: `${CHINESE_100}😀👩‍👩‍👧` },
        },
        'mp4',
        new Date(),
      );
      const target = joinInside(nodePath, root, segments);
      const run = () =>
        downloadFile({
          sign: async () => server.sign(),
          accountUrl: server.url,
          root,
          target,
          fs: nodeDownloadFs,
        });
      const first = await run();
      expect(first.path).toBe(target);
      expect((await readFile(first.path)).equals(content)).toBe(true);
      expect(basename(target).endsWith('.mp4')).toBe(true);
      // Another file at the name: the numbered name fits too.
      await writeFile(target, 'another file');
      const second = await run();
      expect(basename(second.path)).toMatch(/ \(2\)\.mp4$/);
      expect((await readFile(second.path)).equals(content)).toBe(true);
      expect(await readdir(join(root, segments[0] ?? ''))).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
