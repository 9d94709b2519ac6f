// The sign-in link handed to the browser without putting it on any command line (where `ps` shows it to
// every local user): a small owner-only page in the data folder that redirects to the link, the way
// Jupyter opens its notebooks. The browser is given the file's path; the file goes once the link is used.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, readdir, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Writes the redirecting page (0600, a new file, never through a link) and returns its path. */
export async function writeSignInFile(dataDir: string, url: string): Promise<string> {
  const path = join(dataDir, `sign-in-${randomBytes(8).toString('hex')}.html`);
  // (SIGN_IN_NAME below must keep matching this name.)
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const file = await open(path, flags, 0o600);
  try {
    const link = escapeAttribute(url);
    await file.writeFile(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta http-equiv="refresh" content="0;url=${link}"><title>Job Rendering Studio</title></head>` +
        `<body><p>Opening Job Rendering Studio… If nothing happens, <a href="${link}">open the app</a>.</p></body></html>`,
    );
  } finally {
    await file.close();
  }
  return path;
}

export function removeSignInFile(path: string): Promise<void> {
  return rm(path, { force: true });
}

/** The names writeSignInFile gives, and only those. */
const SIGN_IN_NAME = /^sign-in-[0-9a-f]{16}\.html$/;

/**
 * Deletes the sign-in files an earlier run left (a host killed before it could): regular files by that name
 * older than `olderThanMs` (another host on this folder may have just written one whose link still works).
 * A link, folder or anything else by such a name is left alone; unlink never follows a link. File times are
 * the system's, so is the clock here. Returns how many went.
 */
export async function removeLeftSignInFiles(dataDir: string, olderThanMs: number): Promise<number> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!SIGN_IN_NAME.test(name)) continue;
    const path = join(dataDir, name);
    const stats = await lstat(path).catch(() => null);
    if (!stats?.isFile() || Date.now() - stats.mtimeMs <= olderThanMs) continue;
    if (
      await unlink(path).then(
        () => true,
        () => false,
      )
    )
      removed += 1;
  }
  return removed;
}
