// The gallery's thumbnails, made with the real ffmpeg and pdftoppm from the sandbox's real outputs (MP4,
// PNG, PDF, WAV) saved in a download folder: a picture of each that has one, made once and then read from
// <data>/thumbnails (0600 files, 0700 folder); a file outside the folder, or a link in its place, refused;
// a missing tool said as a fallback; the tools run a few at a time and within a time limit.
import {
  mkdtempSync,
  rmSync,
  statSync,
  readdirSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobType } from '../../../electron/shared/api/job-types';
import { renderOutput } from '../../../electron/sandbox/outputs';
import { checkedOutputFile, type SavedFile } from '../../../electron/core/results/output-file';
import { resultHandlers } from '../../../electron/core/results/result-handlers';
import { ThumbnailMaker } from '../../../electron/core/results/thumbnail-maker';
import { Limiter, runTool, ToolError, type ToolRun } from '../../../electron/core/results/run-tool';
import { AppError } from '../../../electron/core/kernel/app-error';

const base = mkdtempSync(join(tmpdir(), 'jrs-thumbs-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let folders = 0;

/** A fresh data folder and download folder, with the sandbox's output of each type saved in the latter. */
async function setup(types: readonly JobType[] = ['video', 'image', 'pdf', 'tts']) {
  const home = join(base, `case-${(folders += 1)}`);
  const root = join(home, 'Downloads');
  mkdirSync(root, { recursive: true });
  const saved: Record<string, SavedFile> = {};
  for (const jobType of types) {
    const output = await renderOutput({
      jobId: `job-${jobType}`,
      jobType,
      projectName: 'Gallery',
      values: { headline: 'Spring in Lisbon', script: 'Hello' },
    });
    const path = join(root, `${jobType}.${output.extension}`);
    writeFileSync(path, output.bytes);
    saved[jobType] = { path, root };
  }
  const dir = join(home, 'data', 'thumbnails');
  return { home, root, saved, dir, maker: new ThumbnailMaker({ dir }) };
}

/** The width and height in a PNG's header. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function picture(
  maker: ThumbnailMaker,
  saved: SavedFile,
  kind: 'video' | 'image' | 'pdf',
  size: 160 | 320 = 320,
) {
  const answer = await maker.thumbnail(await checkedOutputFile(saved), kind, size);
  if (answer.kind !== 'picture') throw new Error(`no picture: ${answer.message}`);
  return answer;
}

describe('thumbnails of the sandbox’s outputs', () => {
  it('makes a video’s first frame, an image scaled down and a PDF’s first page, each within the size', async () => {
    const { saved, maker } = await setup();
    for (const [type, kind] of [
      ['video', 'video'],
      ['image', 'image'],
      ['pdf', 'pdf'],
    ] as const) {
      const made = await picture(maker, saved[type]!, kind, 160);
      const { width, height } = pngSize(made.png);
      expect(Math.max(width, height), type).toBeLessThanOrEqual(160);
      expect(Math.min(width, height), type).toBeGreaterThan(0);
      expect(made.fromCache).toBe(false);
    }
    expect(maker.made).toBe(3);
  });

  it('makes each once: the second request reads the cached file, 0600 in a 0700 folder', async () => {
    const { saved, maker, dir } = await setup(['video']);
    const first = await picture(maker, saved['video']!, 'video');
    const cached = readdirSync(dir);
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatch(/^[0-9a-f]{64}\.png$/);
    const file = join(dir, cached[0]!);
    const madeAt = statSync(file).mtimeMs;
    if (process.platform !== 'win32') {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }

    const second = await picture(maker, saved['video']!, 'video');
    expect(second.fromCache).toBe(true);
    expect(second.png.equals(first.png)).toBe(true);
    expect(maker.made).toBe(1);
    expect(statSync(file).mtimeMs).toBe(madeAt);

    // Another maker (the app started again) reads it too.
    const again = new ThumbnailMaker({ dir });
    expect((await picture(again, saved['video']!, 'video')).fromCache).toBe(true);
    expect(again.made).toBe(0);
  });

  it('makes it again when the file changed (its time or length) and for another size', async () => {
    const { saved, maker, dir } = await setup(['image']);
    await picture(maker, saved['image']!, 'image');
    utimesSync(saved['image']!.path, new Date(), new Date(Date.now() + 60_000));
    await picture(maker, saved['image']!, 'image');
    await picture(maker, saved['image']!, 'image', 160);
    expect(maker.made).toBe(3);
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it('two requests for the same picture at once run the tool once', async () => {
    const { saved, maker } = await setup(['pdf']);
    const file = await checkedOutputFile(saved['pdf']!);
    const [a, b] = await Promise.all([maker.thumbnail(file, 'pdf', 320), maker.thumbnail(file, 'pdf', 320)]);
    expect(a.kind).toBe('picture');
    expect(b).toBe(a);
    expect(maker.made).toBe(1);
  });
});

describe('which files are read', () => {
  it('refuses a file outside the folder it was saved into', async () => {
    const { saved, root } = await setup(['image']);
    const outside = join(base, `outside-${folders}.png`);
    writeFileSync(outside, Buffer.from('not read'));
    await expect(checkedOutputFile({ path: outside, root })).rejects.toMatchObject({
      kind: 'storage',
      message: expect.stringContaining('outside the download folder'),
    });
    // A record whose path climbs out of the folder is refused alike.
    await expect(
      checkedOutputFile({ path: join(root, '..', '..', `outside-${folders}.png`), root }),
    ).rejects.toBeInstanceOf(AppError);
    expect(saved['image']).toBeDefined();
  });

  it('refuses a link put in place of the saved file, even one that leads inside the folder', async () => {
    const { saved, root } = await setup(['image']);
    const link = join(root, 'link.png');
    symlinkSync(saved['image']!.path, link);
    await expect(checkedOutputFile({ path: link, root })).rejects.toMatchObject({
      kind: 'storage',
      message: expect.stringContaining('is now a link'),
    });
    const outsideTarget = join(base, `secret-${folders}.png`);
    writeFileSync(outsideTarget, Buffer.from('secret'));
    const away = join(root, 'away.png');
    symlinkSync(outsideTarget, away);
    await expect(checkedOutputFile({ path: away, root })).rejects.toMatchObject({ kind: 'storage' });
  });

  it('a file moved away is said in words, with what to do', async () => {
    const { root } = await setup([]);
    await expect(checkedOutputFile({ path: join(root, 'gone.mp4'), root })).rejects.toMatchObject({
      kind: 'not-found',
      message: expect.stringContaining('choose Download to fetch it again'),
    });
  });
});

describe('results:thumbnail', () => {
  it('answers base64 PNG for a saved job, the fallback for audio, and refuses a job not downloaded', async () => {
    const { saved, maker } = await setup(['video', 'tts']);
    const files: Record<string, SavedFile> = { 'job-1': saved['video']!, 'job-2': saved['tts']! };
    const handlers = resultHandlers({ savedFile: async (id) => files[id] ?? null, maker });
    const video = await handlers['results:thumbnail']({ jobId: 'job-1', size: 320 });
    expect(video.kind).toBe('picture');
    if (video.kind === 'picture') expect(pngSize(Buffer.from(video.base64, 'base64')).width).toBe(320);
    expect(await handlers['results:thumbnail']({ jobId: 'job-2', size: 320 })).toMatchObject({
      kind: 'fallback',
      reason: 'unsupported',
    });
    await expect(handlers['results:thumbnail']({ jobId: 'job-3', size: 320 })).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('without ffmpeg or pdftoppm answers the no-tool fallback, and does not try again', async () => {
    const { saved, dir } = await setup(['video', 'pdf']);
    const runs: ToolRun[] = [];
    const maker = new ThumbnailMaker({
      dir,
      ffmpeg: join(base, 'no-such-ffmpeg'),
      pdftoppm: join(base, 'no-such-pdftoppm'),
      run: (run) => {
        runs.push(run);
        return runTool(run);
      },
    });
    const video = await maker.thumbnail(await checkedOutputFile(saved['video']!), 'video', 320);
    expect(video).toMatchObject({ kind: 'fallback', reason: 'no-tool' });
    const pdf = await maker.thumbnail(await checkedOutputFile(saved['pdf']!), 'pdf', 320);
    expect(pdf).toMatchObject({
      kind: 'fallback',
      reason: 'no-tool',
      message: expect.stringContaining('no-such-pdftoppm is not installed'),
    });
    await maker.thumbnail(await checkedOutputFile(saved['video']!), 'video', 160);
    expect(runs).toHaveLength(2);
    expect(maker.made).toBe(0);
  });

  it('a file the tool cannot read answers the failed fallback in words', async () => {
    const { root, dir } = await setup([]);
    const path = join(root, 'broken.mp4');
    writeFileSync(path, Buffer.from('this is no video'));
    const maker = new ThumbnailMaker({ dir });
    expect(await maker.thumbnail(await checkedOutputFile({ path, root }), 'video', 320)).toMatchObject({
      kind: 'fallback',
      reason: 'failed',
      message: expect.stringContaining('Open it to check'),
    });
  });
});

describe('how the tools run', () => {
  it('runs them with an argument array: a name with shell characters is one argument, never a command', async () => {
    const { root, dir } = await setup([]);
    const output = await renderOutput({ jobId: 'j', jobType: 'image', projectName: 'P', values: {} });
    const path = join(root, 'a $(touch pwned); b `x`.png');
    writeFileSync(path, output.bytes);
    const maker = new ThumbnailMaker({ dir });
    expect((await maker.thumbnail(await checkedOutputFile({ path, root }), 'image', 160)).kind).toBe(
      'picture',
    );
    expect(readdirSync(root)).toEqual(['a $(touch pwned); b `x`.png']);
  });

  it('stops a tool that runs past its time limit', async () => {
    const run = runTool({ command: 'sleep', args: ['30'], timeoutMs: 50, maxBytes: 1000 });
    await expect(run).rejects.toBeInstanceOf(ToolError);
    await expect(run).rejects.toMatchObject({ failure: 'timeout' });
  });

  it('runs at most the limit at once', async () => {
    const limiter = new Limiter(1);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      limiter.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((release) => releases.push(release));
        running -= 1;
      });
    const all = Promise.all([task(), task(), task()]);
    for (let turn = 0; turn < 3; turn += 1) {
      await expect.poll(() => releases.length).toBe(turn + 1);
      releases[turn]!();
    }
    await all;
    expect(most).toBe(1);
  });
});
