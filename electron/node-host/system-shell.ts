// What a host without Electron does with links and downloaded files: the OS's own opener (the `open`
// package: xdg-open, open or start). Dragging a file out of a browser tab is not possible, so it is not
// offered; "Show in folder" opens the folder itself, since no portable call selects a file in it.
import { dirname } from 'node:path';
import type { FileShell } from '../core/kernel/ports';
import { AppError } from '../core/kernel/app-error';
import { checkExternalUrl } from '../main/external-url';

async function openWithSystem(target: string): Promise<void> {
  const { default: open } = await import('open');
  const child = await open(target);
  // An opener that cannot start (no desktop on a server) would otherwise reject nothing and stay silent.
  await new Promise<void>((resolve, reject) => {
    child.once('error', () => reject(new AppError('internal', 'This computer has no program to open it.')));
    child.once('spawn', () => resolve());
    if (child.pid) resolve();
  });
}

/** Whether a browser can be opened here (Linux needs a display; a server over SSH has none). */
export function hasDisplay(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(env['DISPLAY'] || env['WAYLAND_DISPLAY']);
}

/** Opens an https link in the person's browser, after the same check as the desktop app. */
export async function openExternalWithSystem(url: string): Promise<void> {
  const checked = checkExternalUrl(url);
  if (!checked)
    throw new AppError('invalid-input', 'Only secure (https) links can be opened in your browser.');
  await openWithSystem(checked.href);
}

/** Core's FileShell outside Electron; `previewUrl` is the host's own route for a job's local file. */
export function systemFileShell(previewUrl: (jobId: string) => string | null): FileShell {
  return {
    open: (path) => openWithSystem(path),
    showInFolder: (path) => void openWithSystem(dirname(path)).catch(() => undefined),
    startDrag: () => undefined,
    canDragOut: false,
    previewUrl,
  };
}
