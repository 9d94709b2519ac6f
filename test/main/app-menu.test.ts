// The application menu template: platform roles, developer items only in development, Help opens https docs.
import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { appMenuTemplate, DOCS_URL } from '../../electron/main/app-menu';
import { checkExternalUrl } from '../../electron/main/external-url';

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

const options = { appName: 'Job Rendering Studio', openExternal: async () => {}, sendCommand: () => {} };

describe('appMenuTemplate', () => {
  it('has no reload or developer tools in a release build', () => {
    const all = roles(appMenuTemplate({ ...options, isMac: false, isDev: false }));
    expect(all).not.toContain('reload');
    expect(all).not.toContain('forceReload');
    expect(all).not.toContain('toggleDevTools');
    expect(all).toEqual(
      expect.arrayContaining(['quit', 'undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'resetZoom']),
    );
    expect(all).toEqual(
      expect.arrayContaining(['zoomIn', 'zoomOut', 'togglefullscreen', 'minimize', 'close']),
    );
  });

  it('adds reload and developer tools in development', () => {
    const all = roles(appMenuTemplate({ ...options, isMac: false, isDev: true }));
    expect(all).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });

  it('puts the app menu first on macOS', () => {
    const template = appMenuTemplate({ ...options, isMac: true, isDev: false });
    expect(template[0]!.label).toBe('Job Rendering Studio');
    expect(roles([template[0]!])).toEqual(expect.arrayContaining(['about', 'hide', 'quit']));
    expect(roles(template)).toEqual(expect.arrayContaining(['close', 'zoom', 'front']));
  });

  it('opens the https documentation from Help', () => {
    expect(checkExternalUrl(DOCS_URL)).not.toBeNull();
    const openExternal = vi.fn(async () => {});
    const template = appMenuTemplate({ ...options, openExternal, isMac: false, isDev: false });
    const help = template.find((item) => item.role === 'help')!;
    const item = (help.submenu as MenuItemConstructorOptions[])[0]!;
    (item.click as () => void)();
    expect(openExternal).toHaveBeenCalledWith(DOCS_URL);
  });

  it('lists the app’s shortcuts as menu items that ask the page, without registering the keys twice', () => {
    const sent: string[] = [];
    const template = appMenuTemplate({
      ...options,
      isMac: false,
      isDev: false,
      sendCommand: (c) => sent.push(c),
    });
    const items = template.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []));
    const commands = items.filter((item) => item.accelerator);
    expect(commands.map((item) => [item.label, item.accelerator])).toEqual([
      ['Create', 'CmdOrCtrl+1'],
      ['Queue', 'CmdOrCtrl+2'],
      ['Batches', 'CmdOrCtrl+3'],
      ['Settings', 'CmdOrCtrl+4'],
      ['Results', 'CmdOrCtrl+5'],
      ['Find…', 'CmdOrCtrl+F'],
      ['Submit Job', 'CmdOrCtrl+Enter'],
    ]);
    expect(commands.every((item) => item.registerAccelerator === false)).toBe(true);
    for (const item of commands) (item.click as () => void)();
    expect(sent).toEqual([
      'show-create',
      'show-queue',
      'show-batches',
      'show-settings',
      'show-results',
      'find',
      'submit-job',
    ]);
  });
});
