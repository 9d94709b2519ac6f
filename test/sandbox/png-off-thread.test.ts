// The sandbox draws image outputs on a thread of its own (png-off-thread.ts), so that its API keeps
// answering while a wave of image jobs finishes: the thread's PNG is byte for byte the one drawn in place,
// a job's photo crosses to the thread intact, and many images asked at once are each answered with their own;
// and the thread never keeps a process alive once its work is done.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { Jimp } from 'jimp';
import { describe, expect, it } from 'vitest';
import { renderOutput } from '../../electron/sandbox/outputs';
import { imagesDrawnOnThread } from '../../electron/sandbox/outputs/png-off-thread';
import { renderPng } from '../../electron/sandbox/outputs/png-output';
import type { OutputRequest } from '../../electron/sandbox/outputs/types';

const request = (row: number, photo: Buffer | null = null): OutputRequest => ({
  jobId: `c0000000-0000-4000-8000-${String(row).padStart(12, '0')}`,
  jobType: 'image',
  projectName: 'Spring promo',
  values: { headline: `Row ${row}`, city: 'Oslo' },
  photo,
});

describe('image outputs drawn off the sandbox thread', () => {
  it('are the PNG drawn in place, photo included, each job answered with its own', async () => {
    const photo = await new Jimp({ width: 64, height: 48, color: 0x3366ccff }).getBuffer('image/png');
    const asked = [request(1), request(2, photo), request(3), request(4)];
    const before = imagesDrawnOnThread();
    const [offThread, inPlace] = await Promise.all([
      Promise.all(asked.map((one) => renderOutput(one))),
      Promise.all(asked.map((one) => renderPng(one))),
    ]);
    for (const [index, rendered] of offThread.entries()) {
      expect(rendered.contentType).toBe('image/png');
      expect(Buffer.isBuffer(rendered.bytes)).toBe(true);
      expect(rendered.bytes.equals(inPlace[index]!.bytes)).toBe(true);
    }
    // All four were drawn by the thread, none in place.
    expect(imagesDrawnOnThread() - before).toBe(4);
    // The photo made a difference (it crossed to the thread), and rows differ from each other.
    expect(offThread[1]!.bytes.equals(offThread[0]!.bytes)).toBe(false);
    expect(offThread[2]!.bytes.equals(offThread[0]!.bytes)).toBe(false);
  });
  it('let the process end by itself once drawn (bench:kills hung after its last line)', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/fixtures/render-one-image.ts'], {
      cwd: resolve(__dirname, '../..'),
      encoding: 'utf8',
      // A safety net only: a process the thread keeps alive would never end.
      timeout: 30_000,
    });
    expect(child.stdout).toContain('image/png');
    expect(child.stdout).toContain('1 on the thread');
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
  });
});
