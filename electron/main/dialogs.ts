// Core's Dialogs in Electron: the native save and folder dialogs, attached to the app's window.
import { app, dialog, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Dialogs } from '../core/kernel/ports';

export function electronDialogs(getWindow: () => BrowserWindow | null): Dialogs {
  return {
    async chooseSaveFile({ title, defaultName, defaultFolder, filters }) {
      const options = {
        title,
        defaultPath: join(defaultFolder ?? app.getPath('documents'), defaultName),
        filters,
      };
      const window = getWindow();
      const result = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseFolder({ title, defaultPath }) {
      const options = {
        title,
        defaultPath,
        buttonLabel: 'Use this folder',
        properties: ['openDirectory' as const, 'createDirectory' as const],
      };
      const window = getWindow();
      const result = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
  };
}
