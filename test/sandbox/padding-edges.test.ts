// The edges of simulate.outputBytes: a PNG filler split over several chunks (each with its own CRC), a
// PDF whose startxref gains a digit, and, through the worker and the CDN, outputs of every kind exactly
// the asked size that resume by Range byte-identical, while a resume at a wrong offset is caught.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { renderOutput, type RenderedOutput } from '../../electron/sandbox/outputs';
import { paddedParts, pngChunkSizes } from '../../electron/sandbox/outputs/padded-output';
import { pdfPaddingPlan } from '../../electron/sandbox/outputs/pdf-padding';
import type { JobType } from '../../electron/shared/api/job-types';
import { finishedOutput, seedWithOutputBytes, signedUrl } from '../fixtures/sandbox-outputs';
import { IDS } from '../fixtures/test-seed';

const tempDir = mkdtempSync(join(tmpdir(), 'jrs-padding-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

const natural = (jobType: JobType): Promise<RenderedOutput> =>
  renderOutput({ jobId: 'job-edge', jobType, projectName: 'Edges', values: { headline: 'Edge' } });
const padTo = (output: RenderedOutput, size: number, options?: { maxPngChunkData?: number }) =>
  Buffer.concat([...paddedParts(output, size, 'job-edge', options)]);

function pngChunks(png: Buffer): { type: string; length: number; crcOk: boolean }[] {
  const chunks = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    chunks.push({ type: typeAndData.toString('latin1', 0, 4), length, crcOk: crc32(typeAndData) === crc });
    offset += 12 + length;
  }
  return chunks;
}

describe('PNG filler chunks', () => {
  it('splits evenly, never leaving a chunk too small or too big', () => {
    expect(pngChunkSizes(12)).toEqual([12]);
    expect(pngChunkSizes(1000, 100)).toEqual([112, ...Array<number>(8).fill(111)]);
    for (const extra of [112, 113, 225, 226, 5000, 5017]) {
      const sizes = pngChunkSizes(extra, 100);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(extra);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(112);
    }
  });

  it('writes several private chunks with valid CRCs before IEND, and the PNG still decodes', async () => {
    const output = await natural('image');
    const size = output.bytes.length + 350_017;
    const padded = padTo(output, size, { maxPngChunkData: 100_000 });
    expect(padded.length).toBe(size);
    const chunks = pngChunks(padded);
    expect(chunks.every((chunk) => chunk.crcOk)).toBe(true);
    expect(chunks.filter((chunk) => chunk.type === 'paDd')).toHaveLength(4);
    expect(chunks.at(-1)?.type).toBe('IEND');
    const path = join(tempDir, 'chunks.png');
    writeFileSync(path, padded);
    expect((await Jimp.read(path)).bitmap.width).toBe(640);
  });
});

describe('PDF padding', () => {
  it('grows a file by exactly the asked bytes when startxref gains a digit', () => {
    for (const offset of [9, 995, 9_990, 99_999, 999_950]) {
      for (let extra = 1; extra < 120; extra++) {
        const { comments, spare } = pdfPaddingPlan(offset, extra);
        const grown = String(offset + comments).length - String(offset).length;
        expect(comments + grown + spare).toBe(extra);
        expect([0, 1]).toContain(spare);
      }
    }
  });

  it('stays a PDF pdfinfo reads when its startxref crosses a power of ten', async () => {
    const output = await natural('pdf');
    const xref = output.bytes.toString('latin1').lastIndexOf('\nxref') + 1;
    for (const delta of [-2, -1, 0, 1, 2]) {
      const size = output.bytes.length + (10_000 - xref) + delta;
      const padded = padTo(output, size);
      expect(padded.length).toBe(size);
      const text = padded.toString('latin1');
      const pointed = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
      expect(text.slice(pointed, pointed + 4)).toBe('xref');
      const path = join(tempDir, `crossing-${delta}.pdf`);
      writeFileSync(path, padded);
      expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/Pages:\s+1/);
    }
  });
});

describe('padded outputs through the worker and the CDN', () => {
  const SIZE = 3_000_001;
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: seedWithOutputBytes(SIZE) });
  });
  afterAll(() => sandbox.close());

  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const kinds: [string, string, JobType, string][] = [
    ['MP4', IDS.video, 'ai_talking_video', 'ftyp'],
    ['WAV', IDS.tts, 'tts', 'WAVE'],
    ['PNG', IDS.image, 'image', 'PNG'],
    ['PDF', IDS.pdf, 'pdf', '%PDF'],
    ['JSON', IDS.photoQc, 'photo_qc', '{'],
  ];

  it.each(kinds)(
    'serves a %s of exactly the asked size; a Range resume is byte-identical',
    async (...kind) => {
      const [, projectId, jobType, magic] = kind;
      const url = await signedUrl(sandbox, await finishedOutput(sandbox, projectId, jobType));
      const whole = await fetch(url);
      const bytes = Buffer.from(await whole.arrayBuffer());
      expect(bytes.length).toBe(SIZE);
      expect(bytes.subarray(0, 16).toString('latin1')).toContain(magic);

      const etag = whole.headers.get('etag')!;
      const cut = 1_234_567;
      const head = Buffer.from(
        await (await fetch(url, { headers: { range: `bytes=0-${cut - 1}` } })).arrayBuffer(),
      );
      const rest = await fetch(url, { headers: { range: `bytes=${cut}-`, 'if-range': etag } });
      expect(rest.status).toBe(206);
      const resumed = Buffer.concat([head, Buffer.from(await rest.arrayBuffer())]);
      expect(sha(resumed)).toBe(sha(bytes));

      // A client that resumes one byte off ends with a file of the right length but other bytes.
      const wrong = await fetch(url, { headers: { range: `bytes=${cut + 1}-`, 'if-range': etag } });
      const shifted = Buffer.concat([head, Buffer.from(await wrong.arrayBuffer()), bytes.subarray(-1)]);
      expect(shifted.length).toBe(SIZE);
      expect(sha(shifted)).not.toBe(sha(bytes));
    },
  );
});
