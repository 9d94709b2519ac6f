// Where the Electron binary is, found without require('electron'): that require starts a download when the
// binary is missing, and this machine has no internet. null where it is not installed.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function electronBinary(): string | null {
  const packageDir = resolve(__dirname, '../../node_modules/electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  if (!relative) return null;
  const distDir = process.env['ELECTRON_OVERRIDE_DIST_PATH'] ?? join(packageDir, 'dist');
  const binary = join(distDir, relative);
  return existsSync(binary) ? binary : null;
}
