// At every start, before anything is read or written: the app's data folder is the person's alone. It is
// made (or tightened to) 0700, refused in words when another user owns it, and what an older install left
// readable by every local user (the history, settings, the built-in sandbox's files) is tightened to 0600.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
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

export function securePrivateDataFolder(dataDir: string): void {
  ensurePrivateFolder(dataDir);
  tightenEntries(dataDir);
  for (const folder of INNER_FOLDERS) tightenEntries(join(dataDir, folder));
}
