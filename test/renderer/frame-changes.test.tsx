// @vitest-environment jsdom
// Job and download changes from main are applied once a frame: every event of one frame in one set() (so
// the page renders once, not once per event), in the order they came, and before any direct change (an
// answer from main, a load) so that an older event never lands on top of a newer state. A hidden window
// draws no frames: the events still go after a short wait.
import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadView } from '../../electron/shared/domain/download';
import { useDownloadsStore } from '../../src/features/downloads/downloads-store';
import { useJobsStore } from '../../src/features/jobs/jobs-store';
import { job, seedHistory } from './fixtures';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The next frame is drawn, and the task just after it runs. */
function afterNextFrame(): void {
  vi.advanceTimersToNextFrame();
  vi.advanceTimersByTime(1);
}

describe('job changes, once a frame', () => {
  it('applies the events of one frame in one set(), the last event of a job winning', () => {
    seedHistory([job({ id: 'j-1' }), job({ id: 'j-2' })]);
    const listener = vi.fn();
    const unsubscribe = useJobsStore.subscribe(listener);
    const store = useJobsStore.getState();
    store.receiveChanges({ accountId: 'a-1', jobs: [job({ id: 'j-1', status: 'STARTED' })], removed: [] });
    store.receiveChanges({
      accountId: 'a-1',
      jobs: [job({ id: 'j-1', status: 'SUCCESS', tracking: 'final' })],
      removed: [],
    });
    store.receiveChanges({
      accountId: 'a-1',
      jobs: [job({ id: 'j-2', status: 'FAILED', tracking: 'final' })],
      removed: [],
    });
    store.receiveChanges({ accountId: 'a-2', jobs: [job({ id: 'theirs', accountId: 'a-2' })], removed: [] });
    expect(listener).not.toHaveBeenCalled();
    expect(useJobsStore.getState().byId['j-1']?.status).toBe('QUEUED');

    afterNextFrame();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    const { byId, announcement } = useJobsStore.getState();
    expect(byId['j-1']?.status).toBe('SUCCESS');
    expect(byId['j-2']?.status).toBe('FAILED');
    expect(byId['theirs']).toBeUndefined();
    expect(announcement).toBe('2 jobs changed: 1 succeeded, 1 failed.');
  });

  it('applies the waiting events before an answer from main, which is newer', () => {
    seedHistory([job({ id: 'j-1', tracking: 'submitting', status: null })]);
    useJobsStore.getState().receiveChanges({
      accountId: 'a-1',
      jobs: [job({ id: 'j-1', tracking: 'submitting', status: null, summary: 'older' })],
      removed: [],
    });
    useJobsStore.getState().upsert(job({ id: 'j-1', status: 'QUEUED', summary: 'answer' }));
    vi.advanceTimersToNextFrame();
    expect(useJobsStore.getState().byId['j-1']?.summary).toBe('answer');
  });

  it('applies them in a task of their own just after the frame, not inside it', () => {
    // Inside the frame's callback, the page's render of the changes and the browser's layout and paint of
    // the frame made one long task; after it, they are two.
    let frameCallbacks: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frameCallbacks.push(callback);
      return frameCallbacks.length;
    });
    seedHistory([job({ id: 'j-1' })]);
    useJobsStore
      .getState()
      .receiveChanges({ accountId: 'a-1', jobs: [job({ id: 'j-1', status: 'STARTED' })], removed: [] });
    const frame = frameCallbacks;
    frameCallbacks = [];
    for (const callback of frame) callback(0);
    expect(useJobsStore.getState().byId['j-1']?.status).toBe('QUEUED');
    vi.advanceTimersByTime(1);
    expect(useJobsStore.getState().byId['j-1']?.status).toBe('STARTED');
  });

  it('still applies them when no frame comes (a hidden window)', () => {
    // A hidden window: the browser keeps the frame callbacks and never runs them.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    seedHistory([job({ id: 'j-1' })]);
    useJobsStore
      .getState()
      .receiveChanges({ accountId: 'a-1', jobs: [job({ id: 'j-1', status: 'STARTED' })], removed: [] });
    vi.advanceTimersByTime(99);
    expect(useJobsStore.getState().byId['j-1']?.status).toBe('QUEUED');
    // No frame was drawn: the timer stands in for it.
    vi.advanceTimersByTime(1);
    expect(useJobsStore.getState().byId['j-1']?.status).toBe('STARTED');
  });
});

describe('download changes, once a frame', () => {
  const download = (jobId: string, bytes: number): DownloadView =>
    ({ jobId, state: 'downloading', bytesDone: bytes }) as unknown as DownloadView;

  it('applies the events of one frame in one set()', () => {
    useDownloadsStore.setState({ accountId: 'a-1', byId: {} });
    const listener = vi.fn();
    const unsubscribe = useDownloadsStore.subscribe(listener);
    for (let bytes = 1; bytes <= 20; bytes += 1) {
      useDownloadsStore
        .getState()
        .receive({ accountId: 'a-1', downloads: [download('j-1', bytes)], removed: [] });
    }
    expect(listener).not.toHaveBeenCalled();
    afterNextFrame();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(useDownloadsStore.getState().byId['j-1']).toMatchObject({ bytesDone: 20 });
  });
});
