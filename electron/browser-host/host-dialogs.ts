// A browser cannot show the computer's file dialogs, so the host answers them honestly: an export is
// saved in the Downloads folder under a name not yet taken (the page then says where), and the folder
// picker is absent, so Settings asks for the folder's path to be typed.
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Dialogs } from '../core/app/deps';

/** `name`, or `name (2)`, `name (3)`, … : the first that is not in `folder`. */
export function freeName(folder: string, name: string): string {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let n = 1; ; n += 1) {
    const candidate = join(folder, n === 1 ? name : `${stem} (${n})${extension}`);
    if (!existsSync(candidate)) return candidate;
  }
}

export function hostDialogs(downloadsFolder: string): Dialogs {
  return {
    chooseSaveFile: async ({ defaultName }) => freeName(downloadsFolder, defaultName),
  };
}
