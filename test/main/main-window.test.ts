// createMainWindow with a fake BrowserWindow: the window's own web contents refuses navigation and
// window.open (besides security.ts doing so for every web contents), and its security settings stay on.
import type { BrowserWindowConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rendererLocation } from '../../electron/main/renderer-location';
import { DEFAULT_WINDOW_STATE } from '../../electron/main/window-state';
import { FakeWebContents } from './fake-web-contents';

const windows = vi.hoisted(() => ({
  created: [] as { options: unknown; webContents: unknown; loaded: string[] }[],
}));

vi.mock('electron', async () => {
  const { FakeWebContents: Contents } = await import('./fake-web-contents');
  class BrowserWindow {
    readonly webContents = new Contents();
    readonly loaded: string[] = [];
    constructor(readonly options: unknown) {
      windows.created.push(this);
    }
    once(): this {
      return this;
    }
    loadURL(url: string): Promise<void> {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }
  return { BrowserWindow };
});

const { createMainWindow } = await import('../../electron/main/main-window');

const renderer = rendererLocation({ isPackaged: true, devServerUrl: undefined, mainDir: '/app/out/main' });

function openWindow(): { contents: FakeWebContents; options: BrowserWindowConstructorOptions } {
  createMainWindow({ state: DEFAULT_WINDOW_STATE, backgroundColor: '#ffffff', renderer });
  const created = windows.created.at(-1);
  if (!created || !(created.webContents instanceof FakeWebContents)) throw new Error('no window was created');
  return { contents: created.webContents, options: created.options as BrowserWindowConstructorOptions };
}

beforeEach(() => {
  windows.created.length = 0;
});

describe('createMainWindow', () => {
  it('loads the renderer page', () => {
    openWindow();
    expect(windows.created[0]?.loaded).toEqual([renderer.url]);
  });

  it.each(['https://evil.example/', 'file:///etc/passwd', renderer.url])(
    'refuses navigation to %s',
    (url) => {
      expect(openWindow().contents.wouldAllow('will-navigate', url)).toBe(false);
    },
  );

  it.each(['https://evil.example/', 'javascript:alert(1)', renderer.url])(
    'refuses window.open(%s)',
    (url) => {
      expect(openWindow().contents.windowOpenAction(url)).toBe('deny');
    },
  );

  it('keeps the security settings of the checklist on', () => {
    expect(openWindow().options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});
