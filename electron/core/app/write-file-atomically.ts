// A file the person asked to save appears whole or not at all: written beside it, then renamed over it.
import { rename, writeFile } from 'node:fs/promises';

export async function writeFileAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}
