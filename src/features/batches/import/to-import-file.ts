// A dropped or picked file as the import takes it: its path on disk where the host knows it (the app: main
// reads it, nothing crosses IPC but the path), else its bytes (a browser, the test harness); with its path
// inside a dropped folder, which is how the sheet's cells may name it.
import type { ImportFile } from '../../../../electron/shared/domain/batch-import';
import { api } from '../../../lib/api';

/** `photos/anna.png` for a file dropped inside a folder (react-dropzone and browsers say so), else its name. */
export function relativePathOf(file: File): string {
  const withPath = file as File & { path?: string; relativePath?: string };
  const raw = withPath.relativePath || file.webkitRelativePath || withPath.path || file.name;
  return raw.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '') || file.name;
}

export async function toImportFile(file: File): Promise<ImportFile> {
  const relativePath = relativePathOf(file);
  const path = api().pathForFile(file);
  if (path) return { kind: 'path', path, relativePath };
  return { kind: 'bytes', name: file.name, relativePath, bytes: new Uint8Array(await file.arrayBuffer()) };
}
