// simulate.outputBytes: outputs of the asked size that stay valid media (ffprobe reads the padded MP4 and
// WAV, pdfinfo the PDF, jimp the PNG, JSON.parse the report), with a filler that is never zeros and
// differs from one job to another, written in parts (never the whole file in memory).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobType } from '../../electron/shared/api/job-types';
import { renderOutput } from '../../electron/sandbox/outputs';
import { paddedParts } from '../../electron/sandbox/outputs/padded-output';

const tempDir = mkdtempSync(join(tmpdir(), 'jrs-padded-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

const SIZE = 3_000_000 + 7; // odd on purpose: the WAV's pad byte and the PDF's last line are exercised

async function padded(jobType: JobType, jobId = 'job-pad-1', size = SIZE) {
  const rendered = await renderOutput({
    jobId,
    jobType,
    projectName: 'Padding',
    values: { headline: 'Big' },
  });
  const parts = [...paddedParts(rendered, size, jobId)];
  const bytes = Buffer.concat(parts);
  const path = join(tempDir, `${jobType}-${jobId}.${rendered.extension}`);
  writeFileSync(path, bytes);
  return { rendered, parts, bytes, path };
}

function ffprobe(path: string): {
  format: { size: string; format_name: string };
  streams: { codec_type: string }[];
} {
  const json = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(json) as ReturnType<typeof ffprobe>;
}

describe('simulate.outputBytes', () => {
  it('pads an MP4 with a free box that ffprobe accepts, to the exact size', async () => {
    const { bytes, path, parts } = await padded('video');
    expect(bytes.length).toBe(SIZE);
    const probe = ffprobe(path);
    expect(probe.streams.some((stream) => stream.codec_type === 'video')).toBe(true);
    expect(Number(probe.format.size)).toBe(SIZE);
    // Made in parts of at most 1 MiB, not as one buffer.
    expect(Math.max(...parts.slice(1).map((part) => part.length))).toBeLessThanOrEqual(1024 * 1024);
    execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'null', '-']);
  });

  it('pads a WAV with a JUNK chunk (RIFF size right), and ffprobe reads its audio', async () => {
    const { bytes, path } = await padded('tts');
    expect(bytes.length).toBe(SIZE);
    expect(bytes.readUInt32LE(4)).toBe(SIZE - 8);
    expect(ffprobe(path).streams.map((stream) => stream.codec_type)).toContain('audio');
  });

  it('pads a PNG with a private chunk before IEND (valid CRC), and it still decodes', async () => {
    const { bytes, path } = await padded('image');
    expect(bytes.length).toBe(SIZE);
    expect(bytes.subarray(-12, -4).toString('latin1')).toContain('IEND');
    const image = await Jimp.read(path);
    expect(image.bitmap.width).toBeGreaterThan(0);
  });

  it('pads a PDF with comment lines before its cross-reference table, and pdfinfo reads it', async () => {
    const { bytes, path } = await padded('pdf');
    expect(bytes.length).toBe(SIZE);
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+1/);
    expect(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' })).toContain('Padding');
  });

  it('pads the JSON report with whitespace: still the same JSON', async () => {
    const { bytes, rendered } = await padded('photo_qc');
    expect(bytes.length).toBe(SIZE);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(rendered.bytes.toString('utf8')));
  });

  it('fills with a pattern that is not zeros and differs per job; a smaller size keeps the natural file', async () => {
    const one = await padded('video', 'job-a');
    const two = await padded('video', 'job-b');
    const fill = (bytes: Buffer) => bytes.subarray(one.rendered.bytes.length + 8);
    expect(fill(one.bytes).equals(fill(two.bytes))).toBe(false);
    const zeros = fill(one.bytes)
      .subarray(0, 65536)
      .filter((byte) => byte === 0).length;
    expect(zeros).toBeLessThan(1024);
    const small = await padded('video', 'job-c', 10);
    expect(small.bytes.equals(small.rendered.bytes)).toBe(true);
  });
});
