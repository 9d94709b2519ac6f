// Core's FileShell in Electron: open a downloaded file, show it in its folder, drag it out of the window,
// and the address its preview loads from. Core has checked each path before it gets here.
import { app, nativeImage, shell, type BrowserWindow, type NativeImage } from 'electron';
import type { FileShell } from '../core/kernel/ports';
import { downloadPreviewUrl } from './local-file-url';

/** The image under the pointer while dragging: the file's own icon, else a plain square (never empty: macOS refuses). */
async function dragIcon(path: string): Promise<NativeImage> {
  const icon = await app.getFileIcon(path, { size: 'normal' }).catch(() => null);
  if (icon && !icon.isEmpty()) return icon;
  const square = Buffer.alloc(16 * 16 * 4, 0x80);
  return nativeImage.createFromBitmap(square, { width: 16, height: 16 });
}

export function electronFileShell(getWindow: () => BrowserWindow | null): FileShell {
  return {
    async open(path) {
      // openPath resolves with an error message ('' when it worked) rather than rejecting.
      const problem = await shell.openPath(path);
      if (problem) throw new Error(problem);
    },
    showInFolder: (path) => shell.showItemInFolder(path),
    startDrag(path) {
      const window = getWindow();
      if (!window || window.isDestroyed()) return;
      void dragIcon(path).then((icon) => {
        if (!window.isDestroyed()) window.webContents.startDrag({ file: path, icon });
      });
    },
    canDragOut: true,
    previewUrl: (jobId) => downloadPreviewUrl(jobId),
  };
}
