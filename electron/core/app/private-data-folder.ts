// At every start, before anything is read or written: the app's data folder is the person's alone. It is
// made (or tightened to) 0700, refused in words when another user owns it, and what an older install left
// readable by every local user (the history, settings, the built-in sandbox's files) is tightened to 0600.
import { lstatSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ensurePrivateFile, ensurePrivateFolder, tightenPrivateFolder } from '../db/private-files';

/** Folders inside the data folder whose files are tightened too (the built-in sandbox's). */
const INNER_FOLDERS = ['sandbox', join('sandbox', 'files')];

function tightenEntries(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    // Neither follows a link: a file is tightened, a folder too, anything else is left alone.
    tightenPrivateFolder(path);
    ensurePrivateFile(path);
  }
}

/**
 * Whether every part of `folder` below the data folder is a real folder, not a link: a link at `sandbox`
 * (or at `sandbox/files`) leads to the person's files elsewhere, which are not the app's to change.
 */
function realFolderInside(dataDir: string, folder: string): boolean {
  let path = dataDir;
  for (const part of folder.split(sep)) {
    path = join(path, part);
    try {
      if (!lstatSync(path).isDirectory()) return false;
    } catch {
      return false;
    }
  }
  return true;
}

export function securePrivateDataFolder(dataDir: string): void {
  ensurePrivateFolder(dataDir);
  tightenEntries(dataDir);
  for (const folder of INNER_FOLDERS) {
    if (realFolderInside(dataDir, folder)) tightenEntries(join(dataDir, folder));
  }
}
