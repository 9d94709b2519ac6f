// The sign-in link handed to the browser without putting it on any command line (where `ps` shows it to
// every local user): a small owner-only page in the data folder that redirects to the link, the way
// Jupyter opens its notebooks. The browser is given the file's path; the file goes once the link is used.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Writes the redirecting page (0600, a new file, never through a link) and returns its path. */
export async function writeSignInFile(dataDir: string, url: string): Promise<string> {
  const path = join(dataDir, `sign-in-${randomBytes(8).toString('hex')}.html`);
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
