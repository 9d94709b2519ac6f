// Nothing a page in a browser sends may name a file on this computer by its path: anyone who reached the
// socket could otherwise have the host read any file its user can (a 0600 file included). A file comes as
// the bytes the person chose in the page. Audit of the contract's params (electron/shared/ipc/channels):
// - imports:open (sheet, files), imports:addFiles (files), imports:reimport (sheet): importFileSchema's
//   `{ kind: 'path' }`: refused here. The host has no file picker of its own, so no path is ever the
//   person's pick.
// - downloads:saveSettings `folder`: allowed. The person types it in Settings (a browser has no folder
//   picker), it is where files are written, never read back to the page, and the downloader checks it.
// - every other param is an id, a name, a template, a URL or a value: no path.

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Whether the params name a file by its path anywhere (`{ kind: 'path', … }` at any depth). */
export function namesAPath(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(namesAPath);
  if (!isPlainObject(value)) return false;
  if (value['kind'] === 'path') return true;
  return Object.values(value).some(namesAPath);
}

export const PATH_REFUSED =
  'A page in the browser cannot name files on this computer: drop or choose the file in the page, and its contents are sent instead.';
