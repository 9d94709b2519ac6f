// Shared by the renderer tests: jest-dom matchers, cleanup after each test, fresh stores, and the browser
// APIs jsdom lacks (object URLs for previews).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAccountsStore } from '../../src/features/accounts/accounts-store';
import { useCreditsStore } from '../../src/features/accounts/credits-store';
import { useJobFormStore } from '../../src/features/job-form/job-form-store';
import { useJobsStore } from '../../src/features/jobs/jobs-store';
import { useProjectsStore } from '../../src/features/projects/projects-store';

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
];

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
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
