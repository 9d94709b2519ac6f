// Electron entry: one secure window that loads the renderer. Business logic lives in electron/core.
import { app, BrowserWindow } from 'electron';
import { createMainWindow } from './main-window';

app.enableSandbox();

void app.whenReady().then(() => {
  createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
