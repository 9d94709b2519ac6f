// How downloads are put into words: sizes, speeds, time left, the File column's labels, and the notice
// after Download (on the way, already saved, no file).
import { describe, expect, it } from 'vitest';
import type { DownloadView } from '../../electron/shared/domain/download';
import { downloadNotice } from '../../src/features/downloads/download-actions';
import {
  downloadLabel,
  downloadProgressWords,
  downloadTimeLeft,
  fileNameOf,
  formatBytes,
} from '../../src/features/downloads/download-words';

const view = (overrides: Partial<DownloadView>): DownloadView => ({
  jobId: 'j1',
  state: 'active',
  path: '/home/me/Downloads/Spring/render.mp4',
  bytes: 0,
  total: null,
  speed: null,
  error: null,
  ...overrides,
});

describe('download words', () => {
  it('says sizes in decimal units, as file managers do', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(12_400_000)).toMatch(/^12[.,]4 MB$/);
    expect(formatBytes(1_000_000_000)).toBe('1 GB');
  });

  it('labels each state for the File column', () => {
    expect(downloadLabel(view({ bytes: 42, total: 100 }))).toBe('42 %');
    expect(downloadLabel(view({ state: 'paused', bytes: 42, total: 100 }))).toBe('Paused 42 %');
    expect(downloadLabel(view({ state: 'queued' }))).toBe('Waiting');
    expect(downloadLabel(view({ state: 'done', bytes: 100, total: 100 }))).toBe('Saved');
    expect(downloadLabel(view({ state: 'failed', error: 'The disk is full.' }))).toBe('Failed');
    // Size not known yet: the bytes so far.
    expect(downloadLabel(view({ bytes: 2_000_000 }))).toBe('2 MB');
  });

  it('tells the time left from the recent speed, and nothing when it cannot', () => {
    expect(downloadTimeLeft({ bytes: 0, total: 30_000_000, speed: 1_000_000 })).toBe('about 30 s left');
    expect(downloadTimeLeft({ bytes: 0, total: 600_000_000, speed: 1_000_000 })).toBe('about 10 min left');
    expect(downloadTimeLeft({ bytes: 0, total: null, speed: 1_000_000 })).toBe('');
    expect(downloadTimeLeft({ bytes: 0, total: 10, speed: null })).toBe('');
    expect(downloadProgressWords(view({ bytes: 5_000_000, total: 10_000_000, speed: 1_000_000 }))).toBe(
      '5 MB of 10 MB · 1 MB/s · about 5 s left',
    );
  });

  it('names the file on either system’s separators', () => {
    expect(fileNameOf('C:\\Users\\me\\Downloads\\render.mp4')).toBe('render.mp4');
    expect(fileNameOf('/home/me/render.mp4')).toBe('render.mp4');
  });

  it('says what Download did: on the way, already saved, no file', () => {
    expect(downloadNotice({ queued: 2, skipped: 1, saved: 1 })).toEqual({
      tone: 'success',
      title: 'Downloading',
      message:
        '2 files are on the way; the File column shows their progress. 1 job is already saved. 1 job has no file to download (not finished, or failed).',
    });
    expect(downloadNotice({ queued: 0, skipped: 0, saved: 3 })).toEqual({
      tone: 'info',
      title: 'Already saved',
      message: '3 jobs are already saved.',
    });
    expect(downloadNotice({ queued: 0, skipped: 2, saved: 0 }).title).toBe('Nothing to download');
  });
});
