// The sandbox's output files are real files of their kind: read back with ffprobe, jimp and pdf-lib,
// whatever the submitted values hold.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { Jimp } from 'jimp';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_TYPES } from '../../electron/shared/api/job-types';
import type { JobType } from '../../electron/shared/api/job-types';
import { renderOutput } from '../../electron/sandbox/outputs';
import type { OutputRequest, RenderedOutput } from '../../electron/sandbox/outputs';
import { splitForMetadata } from '../../electron/sandbox/outputs/mp4-boxes';
import { cleanText, pickTitle } from '../../electron/sandbox/outputs/text-values';

const tempDir = mkdtempSync(join(tmpdir(), 'jrs-outputs-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

function which(tool: string): boolean {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasFfprobe = which('ffprobe');
const hasPdftotext = which('pdftotext');

let fileCount = 0;
function toTempFile(output: RenderedOutput): string {
  const path = join(tempDir, `output-${fileCount++}.${output.extension}`);
  writeFileSync(path, output.bytes);
  return path;
}

interface Probe {
  streams: { codec_type: string; codec_name: string; duration?: string }[];
  format: { duration?: string; tags?: Record<string, string> };
}
function ffprobe(output: RenderedOutput): Probe {
  const json = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', toTempFile(output)],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(json) as Probe;
}

function request(
  jobType: JobType,
  values: Record<string, unknown>,
  projectName = 'Project Aurora',
): OutputRequest {
  return { jobId: 'job-0001', jobType, projectName, values };
}

// WinAnsi is Latin-1 except for 0x80–0x9F, where it keeps typographic punctuation.
const WIN_ANSI_EXTRAS: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};
function decodeWinAnsi(bytes: Buffer): string {
  return Array.from(bytes, (byte) => WIN_ANSI_EXTRAS[byte] ?? String.fromCharCode(byte)).join('');
}

/** The text a PDF draws: pdftotext where installed, else the hex strings of its inflated content streams. */
function pdfText(output: RenderedOutput): string {
  if (hasPdftotext) {
    return execFileSync('pdftotext', ['-layout', toTempFile(output), '-'], { encoding: 'utf8' });
  }
  const raw = output.bytes.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(decodeWinAnsi(Buffer.from(text[1] ?? '', 'hex')));
    }
  }
  return lines.join('\n');
}

function pcmSamples(wav: Buffer): Int16Array {
  const at = wav.indexOf('data', 12, 'latin1');
  const size = wav.readUInt32LE(at + 4);
  const samples = new Int16Array(size / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = wav.readInt16LE(at + 8 + i * 2);
  return samples;
}

const values = {
  headline: 'Launch day is here',
  body: 'Our new product ships today to every customer in the spring programme.',
  photo: { image_url: 'https://cdn.example.com/photos/face.jpg' },
};

describe('video outputs (MP4)', () => {
  it.skipIf(!hasFfprobe)('are H.264 + AAC files ffprobe reads, titled with the headline', async () => {
    for (const jobType of ['video', 'ai_talking_video'] as const) {
      const output = await renderOutput(request(jobType, values));
      expect(output).toMatchObject({ extension: 'mp4', contentType: 'video/mp4' });
      expect(output.bytes.length).toBeLessThan(60_000);
      const probe = ffprobe(output);
      const video = probe.streams.find((stream) => stream.codec_type === 'video');
      const audio = probe.streams.find((stream) => stream.codec_type === 'audio');
      expect(video?.codec_name).toBe('h264');
      expect(audio?.codec_name).toBe('aac');
      expect(Number(probe.format.duration)).toBeGreaterThan(0);
      expect(probe.format.tags?.title).toBe('Launch day is here');
      expect(probe.format.tags?.comment).toContain('body: Our new product ships today');
    }
  });

  it.skipIf(!hasFfprobe)('fall back to the project name, then the job id, for the title', async () => {
    const byProject = ffprobe(await renderOutput(request('video', { photo: { image_url: 'x' } })));
    expect(byProject.format.tags?.title).toBe('Project Aurora');
    const byJob = ffprobe(await renderOutput(request('video', {}, '')));
    expect(byJob.format.tags?.title).toBe('job-0001');
  });

  it('refuse a sample whose moov precedes mdat (a faststart file would need its offsets rewritten)', () => {
    const box = (type: string, payload: Buffer = Buffer.alloc(0)): Buffer => {
      const header = Buffer.alloc(8);
      header.writeUInt32BE(8 + payload.length);
      header.write(type, 4, 'latin1');
      return Buffer.concat([header, payload]);
    };
    const faststart = Buffer.concat([box('ftyp'), box('moov', box('mvhd')), box('mdat', Buffer.alloc(16))]);
    expect(() => splitForMetadata(faststart)).toThrow(/moov/);
  });
});

describe('tts outputs (WAV)', () => {
  it.skipIf(!hasFfprobe)(
    'are 16-bit PCM that ffprobe reads, named after the text, and not silent',
    async () => {
      const output = await renderOutput(request('tts', { text: 'Hello from the sandbox' }));
      expect(output).toMatchObject({ extension: 'wav', contentType: 'audio/wav' });
      const probe = ffprobe(output);
      expect(probe.streams[0]?.codec_name).toBe('pcm_s16le');
      expect(Number(probe.format.duration)).toBeGreaterThan(0);
      expect(probe.format.tags?.title).toBe('Hello from the sandbox');
      const samples = pcmSamples(output.bytes);
      expect(samples.some((sample) => Math.abs(sample) > 1000)).toBe(true);
    },
  );

  it('grow with the text, up to a cap', async () => {
    const seconds = async (text: string): Promise<number> =>
      pcmSamples((await renderOutput(request('tts', { text }))).bytes).length / 22_050;
    const short = await seconds('Hi there');
    const long = await seconds('A much longer sentence, spoken slowly and clearly for the listener.');
    expect(long).toBeGreaterThan(short);
    expect(await seconds('x'.repeat(100_000))).toBeLessThanOrEqual(8);
  });
});

describe('image outputs (PNG)', () => {
  it('are 640×360 PNGs with the headline drawn on the background', async () => {
    for (const jobType of ['image', 'ai_image_generation'] as const) {
      const output = await renderOutput(request(jobType, values));
      expect(output).toMatchObject({ extension: 'png', contentType: 'image/png' });
      const image = await Jimp.read(output.bytes);
      expect([image.bitmap.width, image.bitmap.height]).toEqual([640, 360]);
      const background = intToRgb(image.getPixelColor(2, 2));
      let inked = 0;
      image.scan(24, 24, 400, 40, (x, y) => {
        const pixel = intToRgb(image.getPixelColor(x, y));
        if (Math.abs(pixel.r - background.r) + Math.abs(pixel.g - background.g) > 60) inked++;
      });
      expect(inked).toBeGreaterThan(200);
    }
  });

  it('differ when the headline differs', async () => {
    const first = await Jimp.read((await renderOutput(request('image', { headline: 'First' }))).bytes);
    const second = await Jimp.read((await renderOutput(request('image', { headline: 'Second' }))).bytes);
    expect(first.bitmap.data.equals(second.bitmap.data)).toBe(false);
  });
});

function intToRgb(color: number): { r: number; g: number; b: number } {
  return { r: (color >>> 24) & 0xff, g: (color >>> 16) & 0xff, b: (color >>> 8) & 0xff };
}

describe('pdf outputs', () => {
  it('are one A4 page with the project as title and each value as "label: value"', async () => {
    const output = await renderOutput(request('pdf', values));
    expect(output).toMatchObject({ extension: 'pdf', contentType: 'application/pdf' });
    expect(output.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(output.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Project Aurora');
    const text = pdfText(output);
    expect(text).toContain('Project Aurora');
    expect(text).toContain('headline: Launch day is here');
    expect(text).toContain('photo: https://cdn.example.com/photos/face.jpg');
  });

  it('replace characters WinAnsi cannot encode instead of throwing', async () => {
    const output = await renderOutput(request('pdf', { headline: 'Crème brûlée — ő 👍 שלום 日本' }));
    const text = pdfText(output);
    expect(text).toContain('headline: Crème brûlée — o ? ???? ??');
  });
});

describe('photo_qc outputs (JSON)', () => {
  it('are a report with one passed check per image', async () => {
    const output = await renderOutput(request('photo_qc', values));
    expect(output).toMatchObject({ extension: 'json', contentType: 'application/json' });
    const report = JSON.parse(output.bytes.toString('utf8')) as Record<string, unknown>;
    expect(report).toMatchObject({ jobId: 'job-0001', passed: true });
    expect(Date.parse(String(report.checkedAt))).not.toBeNaN();
    expect(report.checks).toEqual([
      expect.objectContaining({
        field: 'photo',
        imageUrl: 'https://cdn.example.com/photos/face.jpg',
        passed: true,
      }),
    ]);
  });
});

describe('hostile values', () => {
  const huge = 'ж'.repeat(10 * 1024 * 1024);
  const hostile: Record<string, unknown> = {
    headline: '\u0000\u0007\u001b[31mRed\u202Eevil\u200F 👨‍👩‍👧 مرحبا بالعالم שלום \uD800 lone',
    huge,
    hugeNoSpaces: 'x'.repeat(10 * 1024 * 1024),
    empty: '',
    spaces: '   \n\t ',
    number: 42,
    nothing: null,
    list: [1, 2, 3],
    nested: { deep: { deeper: true } },
    badImage: { image_url: 12 },
    image: { image_url: `https://example.com/${'a'.repeat(1_000_000)}.png` },
    audio: { audio_url: 'https://example.com/a.mp3', effects: [{ type: '??' }] },
    '\u0000key\u202E': 'value with a hostile key',
  };

  async function expectValid(output: RenderedOutput): Promise<void> {
    switch (output.extension) {
      case 'mp4':
      case 'wav': {
        if (!hasFfprobe) break;
        const probe = ffprobe(output);
        expect(Number(probe.format.duration)).toBeGreaterThan(0);
        expect(probe.format.tags?.title).toBeTruthy();
        // The comment's line breaks are ours; any other control would have come from a value.
        expect(Object.values(probe.format.tags ?? {}).join('')).not.toMatch(/[^\P{Cc}\n]/u);
        break;
      }
      case 'png':
        expect((await Jimp.read(output.bytes)).bitmap.width).toBe(640);
        break;
      case 'pdf':
        expect((await PDFDocument.load(output.bytes)).getPageCount()).toBe(1);
        break;
      case 'json':
        expect(JSON.parse(output.bytes.toString('utf8'))).toMatchObject({ passed: true });
        break;
      default:
        throw new Error(`unexpected extension ${output.extension}`);
    }
  }

  for (const jobType of JOB_TYPES) {
    it(`still give a valid ${jobType} output, quickly`, async () => {
      for (const [projectName, submitted] of [
        ['\u0000Proj\u202Eect 🎬', hostile],
        ['', {}],
        ['', { only: '\u0000\u0001' }],
      ] as const) {
        const started = performance.now();
        const output = await renderOutput({ jobId: 'job-\u0000💥', jobType, projectName, values: submitted });
        expect(performance.now() - started).toBeLessThan(1500);
        expect(output.bytes.length).toBeLessThan(1_000_000);
        await expectValid(output);
      }
    });
  }

  it('never let a value smuggle controls or bidi overrides into a title', () => {
    const title = pickTitle(hostile, 'P', 'J', 200);
    expect(title).not.toMatch(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u);
    expect(title.startsWith('[31mRed evil')).toBe(true);
    expect(cleanText(huge, 10)).toBe(`${'ж'.repeat(9)}…`);
  });
});
