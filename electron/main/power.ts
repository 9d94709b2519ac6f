// Core's Power in Electron: asleep between powerMonitor's suspend and resume, offline while net says so
// (checked every few seconds and at once after a resume), online otherwise.
import { net, powerMonitor } from 'electron';
import type { Power, PowerState } from '../core/kernel/ports';

const CHECK_EVERY_MS = 5000;

export function electronPower(): Power & { dispose(): void } {
  let asleep = false;
  let state: PowerState = net.isOnline() ? 'online' : 'offline';
  const listeners = new Set<(state: PowerState) => void>();

  const update = () => {
    const next: PowerState = asleep ? 'asleep' : net.isOnline() ? 'online' : 'offline';
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(state);
  };
  const onSuspend = () => {
    asleep = true;
    update();
  };
  const onResume = () => {
    asleep = false;
    update();
  };
  powerMonitor.on('suspend', onSuspend);
  powerMonitor.on('resume', onResume);
  const timer = setInterval(update, CHECK_EVERY_MS);
  timer.unref();

  return {
    current: () => state,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      clearInterval(timer);
      powerMonitor.off('suspend', onSuspend);
      powerMonitor.off('resume', onResume);
      listeners.clear();
    },
  };
}
