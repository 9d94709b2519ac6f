// The app's data folder and the files in it are the person's alone (the rules are node-shared's, which the
// sandbox keeps too); here they are said in the app's words: a data folder another user owns, or a pipe or
// a device where the history should be, is refused with what to do.
import {
  ensurePrivateDatabase as ensurePrivateDatabaseFiles,
  ensurePrivateFolder as ensurePrivateFolderOnly,
  PrivateFolderRefused,
} from '../../node-shared/private-files';
import { AppError } from '../kernel/app-error';

export {
  ensurePrivateFile,
  PRIVATE_FILE_MODE,
  PRIVATE_FOLDER_MODE,
  tightenPrivateFolder,
} from '../../node-shared/private-files';

/**
 * Makes `dir` (and any missing parent) owner-only, or tightens it to 0700 when it exists wider. Refuses a
 * folder, or a link in its place, that belongs to another user: they could read or swap what is written.
 */
export function ensurePrivateFolder(dir: string): void {
  try {
    ensurePrivateFolderOnly(dir);
  } catch (error) {
    if (!(error instanceof PrivateFolderRefused)) throw error;
    if (error.reason === 'not-a-folder') {
      throw new AppError(
        'storage',
        `The app's data folder (${dir}) is not a folder. Move that file away, or set JRS_DATA_DIR to a folder of your own, and start again.`,
      );
    }
    const what = error.reason === 'link-of-another-user' ? 'is a link owned by' : 'belongs to';
    throw new AppError(
      'storage',
      `The app's data folder (${dir}) ${what} another user of this computer (user id ${error.uid}), so the app will not keep your history and settings there. Remove or rename it, or set JRS_DATA_DIR to a folder of your own, and start again.`,
    );
  }
}

/** The history's files made owner-only before SQLite opens them; something not a file there is refused. */
export function ensurePrivateDatabase(path: string): void {
  const found = ensurePrivateDatabaseFiles(path);
  if (found) {
    throw new AppError(
      'storage',
      `The job history's file (${found.path}) is ${found.what}, not a file, so the app cannot keep your history there. Move it away (or set JRS_DATA_DIR to a folder of your own), and start again.`,
    );
  }
}
