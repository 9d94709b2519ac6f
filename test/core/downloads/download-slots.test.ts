// How many downloads run at once (download-slots.ts): the person's setting for downloads that spend their
// time receiving; more for downloads that spend it waiting (Little's law), up to a ceiling.
import { describe, expect, it } from 'vitest';
import { DownloadSlots } from '../../../electron/core/downloads/download-slots';

describe('downloads at once', () => {
  it('is the setting until a download finishes, and for large files receiving all the time', () => {
    const slots = new DownloadSlots();
    expect(slots.limit(2)).toBe(2);
    for (let i = 0; i < 20; i++) slots.finished(8_000, 7_900);
    expect(slots.limit(2)).toBe(2);
    expect(slots.limit(5)).toBe(5);
  });

  it('grows while downloads wait more than they receive, then comes back to the setting', () => {
    const slots = new DownloadSlots();
    // 1 MB behind a 20 ms answer: 40 ms in all, 10 ms of it receiving and saving.
    for (let i = 0; i < 20; i++) slots.finished(40, 10);
    expect(slots.limit(2)).toBe(8);
    for (let i = 0; i < 40; i++) slots.finished(8_000, 8_000);
    expect(slots.limit(2)).toBe(2);
  });

  it('never above 16 at once, never below the setting', () => {
    const slots = new DownloadSlots();
    for (let i = 0; i < 20; i++) slots.finished(500, 0);
    expect(slots.limit(2)).toBe(16);
    expect(slots.limit(8)).toBe(16);
    slots.finished(Number.NaN, 1);
    slots.finished(-1, 1);
    expect(slots.limit(8)).toBe(16);
  });
});
