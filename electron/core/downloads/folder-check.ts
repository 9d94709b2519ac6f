// Checks a download folder when the person saves it, so that a typo or a read-only place is said at once
// (with the path and what to do) rather than at the first download. A missing folder is created.
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';

export async function folderProblem(folder: string): Promise<string | null> {
  try {
    // Made owner-only when missing (a folder the person already has keeps its own mode).
    await mkdir(folder, { recursive: true, mode: 0o700 });
    if (!(await stat(folder)).isDirectory()) return `${folder} is a file, not a folder. Choose a folder.`;
    await access(folder, constants.W_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      return `The app may not write in ${folder}. Choose a folder of yours, such as Downloads or Documents.`;
    }
    // mkdir says EEXIST for a file of that name, ENOTDIR for a file on the way to it.
    if (code === 'EEXIST') return `${folder} is a file, not a folder. Choose a folder.`;
    if (code === 'ENOTDIR') return `Part of ${folder} is a file, not a folder. Choose a folder.`;
    return `${folder} cannot be used (${code ?? 'unknown error'}). Choose another folder.`;
  }
}
