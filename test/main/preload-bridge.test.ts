// The preload's bridge, with a fake ipcRenderer: only contract channels and events pass, listeners get the
// payload without the IpcRendererEvent, and the unsubscribe really removes the listener.
import type { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, EventName } from '../../electron/shared/ipc/contract';

const fake = vi.hoisted(() => {
  const invoked: [string, unknown][] = [];
  return { invoked, emitter: null as EventEmitter | null };
});
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const emitter = new Emitter();
  fake.emitter = emitter;
  return {
    ipcRenderer: {
      invoke: async (channel: string, params: unknown) => {
        fake.invoked.push([channel, params]);
        return { ok: true, value: channel };
      },
      on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
      removeListener: (event: string, listener: (...args: unknown[]) => void) =>
        emitter.removeListener(event, listener),
    },
  };
});

const { invoke, subscribe } = await import('../../electron/preload/bridge');

beforeEach(() => {
  fake.invoked.length = 0;
  fake.emitter?.removeAllListeners();
});

describe('invoke', () => {
  it('passes contract channels to ipcRenderer.invoke', async () => {
    await expect(invoke('credits:get', undefined)).resolves.toEqual({ ok: true, value: 'credits:get' });
    expect(fake.invoked).toEqual([['credits:get', undefined]]);
  });

  it.each(['evil:channel', 'constructor', '__proto__', 'toString'])('refuses %s', async (channel) => {
    await expect(invoke(channel as Channel, undefined)).rejects.toThrow(/Unknown request/);
    expect(fake.invoked).toEqual([]);
  });
});

describe('subscribe', () => {
  it('delivers the payload only, and unsubscribes', () => {
    const received: unknown[][] = [];
    const off = subscribe('jobs:changed', (...args: unknown[]) => received.push(args));
    fake.emitter!.emit('jobs:changed', { sender: 'ipcRenderer' }, { id: 'job-1' });
    expect(received).toEqual([[{ id: 'job-1' }]]);
    off();
    fake.emitter!.emit('jobs:changed', { sender: 'ipcRenderer' }, { id: 'job-2' });
    expect(received).toHaveLength(1);
    expect(fake.emitter!.listenerCount('jobs:changed')).toBe(0);
  });

  it('refuses events that are not in the contract', () => {
    expect(() => subscribe('evil:event' as EventName, () => {})).toThrow(/Unknown event/);
    expect(fake.emitter!.eventNames()).toEqual([]);
  });
});
