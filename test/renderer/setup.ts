// Shared by the renderer tests: jest-dom matchers, cleanup after each test, fresh stores, and the browser
// APIs jsdom lacks (object URLs for previews, decoding images and audio).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAccountsStore } from '../../src/features/accounts/accounts-store';
import { useCreditsStore } from '../../src/features/accounts/credits-store';
import { useJobFormStore } from '../../src/features/job-form/job-form-store';
import { useJobsStore } from '../../src/features/jobs/jobs-store';
import { useNavStore } from '../../src/features/navigation/nav-store';
import { useProjectsStore } from '../../src/features/projects/projects-store';
import { useQueueStore } from '../../src/features/queue/queue-store';
import { renderProbe } from '../../src/lib/render-probe';
import { rowBudget } from '../../src/features/queue/use-rows-by-frames';
import { setAssetDecoder } from '../../src/features/job-form/decode-asset';
import { testDecoder } from './test-files';

/** Puts a store back to the state it had when the test file loaded. */
function resetter<T>(store: { getState(): T; setState(state: T, replace: true): void }): () => void {
  const initial = store.getState();
  return () => store.setState(initial, true);
}

const resets = [
  resetter(useAccountsStore),
  resetter(useCreditsStore),
  resetter(useJobFormStore),
  resetter(useJobsStore),
  resetter(useProjectsStore),
  resetter(useQueueStore),
  resetter(useNavStore),
];

// jsdom lays nothing out: the queue's windowed grid (any element marked .jobs-grid) is given a viewport of
// GRID_VIEWPORT pixels, so that its virtualizer renders the rows a window of that height would show.
export const GRID_VIEWPORT = { width: 1200, height: 400 };
for (const [name, size] of [
  ['clientHeight', GRID_VIEWPORT.height],
  ['clientWidth', GRID_VIEWPORT.width],
] as const) {
  const native = Object.getOwnPropertyDescriptor(Element.prototype, name);
  Object.defineProperty(HTMLElement.prototype, name, {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('jobs-grid') ? size : (native?.get?.call(this) ?? 0);
    },
  });
}
// Nor does it scroll: the virtualizer's scrollToIndex sets scrollTop through scrollTo.
Element.prototype.scrollTo ??= function scrollTo(this: Element, options?: ScrollToOptions | number) {
  if (typeof options === 'object' && typeof options.top === 'number') this.scrollTop = options.top;
} as Element['scrollTo'];

// jsdom lays nothing out, so the queue's grid draws its whole window at once here (a few new rows a frame
// in a browser: use-rows-by-frames.ts, tested in rows-by-frames.test.tsx).
rowBudget.perFrame = Number.POSITIVE_INFINITY;

// jsdom has neither ResizeObserver (Radix Slider measures its thumb) nor Blob#arrayBuffer (uploads read files).
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob): Promise<ArrayBuffer> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsArrayBuffer(this);
    });
  };
}

let objectUrls = 0;
beforeEach(() => {
  for (const reset of resets) reset();
  URL.createObjectURL = vi.fn(() => `blob:test/${++objectUrls}`);
  URL.revokeObjectURL = vi.fn();
  // jsdom has no image or audio decoder: the form's content check decodes with the tests' own.
  setAssetDecoder(testDecoder);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete renderProbe.row;
});
