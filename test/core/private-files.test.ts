// What is at a private file's name on the real file system: only a regular file is ever opened. A pipe
// (which a blocking open would wait on) or another kind of entry is said in words and left as it is, and
// a pipe where the history goes is refused in the app's words instead of SQLite's "disk I/O error".
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../electron/core/kernel/app-error';
import { openDatabase } from '../../electron/core/db/open-database';
import { ensurePrivateFile } from '../../electron/node-shared/private-files';
import { tempFilePaths } from '../fixtures/temp-dirs';

const tempPath = tempFilePaths('jrs-private-files-', 'history.sqlite');

const fifoAt = (path: string) => {
  execFileSync('mkfifo', ['-m', '644', path]);
  return path;
};

describe.skipIf(process.platform === 'win32')('a private file’s name', () => {
  it('holding a pipe: said as a pipe, never opened or changed, with or without create', () => {
    const path = fifoAt(tempPath());
    expect(ensurePrivateFile(path)).toBe('a pipe (FIFO)');
    expect(ensurePrivateFile(path, { create: true })).toBe('a pipe (FIFO)');
    const stats = lstatSync(path);
    expect(stats.isFIFO()).toBe(true);
    expect((stats.mode & 0o777).toString(8)).toBe('644');
  });

  it('holding a regular file: tightened, and nothing said', () => {
    const path = tempPath();
    writeFileSync(path, 'x');
    chmodSync(path, 0o644);
    expect(ensurePrivateFile(path)).toBeNull();
    expect((lstatSync(path).mode & 0o777).toString(8)).toBe('600');
  });

  it('where the history goes, a pipe is refused in words naming it and what to do', () => {
    const path = fifoAt(tempPath());
    const refused = (() => {
      try {
        return openDatabase(path);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(
      `The job history's file (${path}) is a pipe (FIFO), not a file, so the app cannot keep your history there. Move it away (or set JRS_DATA_DIR to a folder of your own), and start again.`,
    );
    expect(lstatSync(path).isFIFO()).toBe(true);
    // The same for a pipe planted where SQLite's write-ahead log goes.
    const wal = tempPath();
    fifoAt(`${wal}-wal`);
    expect(() => openDatabase(wal)).toThrow(`The job history's file (${wal}-wal) is a pipe (FIFO)`);
  });
});
