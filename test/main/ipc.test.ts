// Main's IPC registration, with a fake ipcMain: every contract channel is handled, only our window's
// renderer page is answered, params are validated, events reach the window, and unregistering undoes it all.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCore, CoreEventListener } from '../../electron/core/app/app-core.types';
import { channels, type Handlers } from '../../electron/shared/ipc/contract';
import { rendererLocation } from '../../electron/main/renderer-location';

type Handler = (event: unknown, params: unknown) => unknown;
const fakeIpcMain = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, params: unknown) => unknown>(),
  handle(channel: string, handler: (event: unknown, params: unknown) => unknown) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
}));
vi.mock('electron', () => ({ ipcMain: fakeIpcMain }));

const { isTrustedSender, registerIpc } = await import('../../electron/main/ipc');

const renderer = rendererLocation({ isPackaged: true, devServerUrl: undefined, mainDir: '/app/out/main' });
const pageUrl = 'app://renderer/index.html';

function fakeCore(): AppCore & { emit: CoreEventListener; calls: string[] } {
  const listeners = new Set<CoreEventListener>();
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    Object.keys(channels).map((channel) => [
      channel,
      async (params: unknown) => {
        calls.push(channel);
        return channel === 'credits:get' ? { credits: 42 } : params;
      },
    ]),
  ) as unknown as Handlers;
  return {
    handlers,
    calls,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event, payload) => {
      for (const listener of listeners) listener(event, payload);
    },
    downloadedFile: async () => null,
    isHistoryOwner: () => true,
    dispose: async () => {},
  };
}

function fakeWindow(id = 7) {
  const sent: [string, unknown][] = [];
  return {
    sent,
    destroyed: false,
    isDestroyed() {
      return this.destroyed;
    },
    webContents: { id, send: (event: string, payload: unknown) => sent.push([event, payload]) },
  };
}

const fromPage = (senderId = 7, url = pageUrl, parent: unknown = null) => ({
  sender: { id: senderId },
  senderFrame: { url, parent },
});

function handlerOf(channel: string): Handler {
  const handler = fakeIpcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler;
}

beforeEach(() => fakeIpcMain.handlers.clear());

describe('isTrustedSender', () => {
  const window = fakeWindow();

  it('trusts the top frame of our window showing the renderer page', () => {
    expect(isTrustedSender(fromPage(), window, renderer)).toBe(true);
    expect(isTrustedSender(fromPage(7, `${pageUrl}#/projects`), window, renderer)).toBe(true);
  });

  it.each([
    ['another web contents', fromPage(8)],
    ['a sub-frame', fromPage(7, pageUrl, { url: pageUrl })],
    ['another file', fromPage(7, 'file:///tmp/evil.html')],
    ['a web page', fromPage(7, 'https://evil.example/')],
    ['a destroyed frame', { sender: { id: 7 }, senderFrame: null }],
  ])('refuses %s', (_name, event) => {
    expect(isTrustedSender(event, window, renderer)).toBe(false);
  });

  it('refuses everything when there is no window', () => {
    expect(isTrustedSender(fromPage(), null, renderer)).toBe(false);
    expect(isTrustedSender(fromPage(), { ...window, isDestroyed: () => true }, renderer)).toBe(false);
  });
});

describe('registerIpc', () => {
  it('handles exactly the contract’s channels', () => {
    registerIpc(fakeCore(), () => fakeWindow(), { renderer });
    expect([...fakeIpcMain.handlers.keys()].sort()).toEqual(Object.keys(channels).sort());
  });

  it('answers our page through dispatch and refuses anyone else without calling core', async () => {
    const core = fakeCore();
    const window = fakeWindow();
    const log = vi.fn();
    registerIpc(core, () => window, { renderer, log });

    await expect(handlerOf('credits:get')(fromPage(), undefined)).resolves.toEqual({
      ok: true,
      value: { credits: 42 },
    });
    const refused = await handlerOf('credits:get')(fromPage(9), undefined);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(core.calls).toEqual(['credits:get']);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Refused credits:get'));
  });

  it('validates params with the contract before core sees them', async () => {
    const core = fakeCore();
    registerIpc(core, () => fakeWindow(), { renderer });
    const result = await handlerOf('projects:fields')(fromPage(), { projectId: 42 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(core.calls).toEqual([]);
  });

  it('forwards core’s events to the window, and stops after unregistering', () => {
    const core = fakeCore();
    const window = fakeWindow();
    const unregister = registerIpc(core, () => window, { renderer });
    const payload = { accountId: 'a', credits: 3 };
    core.emit('credits:changed', payload);
    expect(window.sent).toEqual([['credits:changed', payload]]);

    window.destroyed = true;
    core.emit('credits:changed', payload);
    expect(window.sent).toHaveLength(1);

    window.destroyed = false;
    unregister();
    core.emit('credits:changed', payload);
    expect(window.sent).toHaveLength(1);
    expect(fakeIpcMain.handlers.size).toBe(0);
  });
});
