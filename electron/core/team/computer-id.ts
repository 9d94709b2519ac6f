// This computer's id in a team's history: downloads (where a file was saved) belong to a computer, so the
// id must stay the same from run to run. Made once, at random, and kept in the data folder (owner-only).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SHAPE = /^[0-9a-f-]{36}$/;

export function computerId(dataDir: string): string {
  const path = join(dataDir, 'computer-id');
  try {
    const saved = readFileSync(path, 'utf8').trim();
    if (SHAPE.test(saved)) return saved;
  } catch {
    // None yet (or unreadable): a new one below.
  }
  const id = randomUUID();
  // 'wx' never follows or overwrites a file planted meanwhile; one that appeared is read instead.
  try {
    writeFileSync(path, `${id}\n`, { mode: 0o600, flag: 'wx' });
    return id;
  } catch {
    const saved = readFileSync(path, 'utf8').trim();
    if (SHAPE.test(saved)) return saved;
    throw new Error(`The file ${path} is not this computer's id; move it away and start again.`);
  }
}
