// Where the default seed (the built-in demo account) lives, relative to this source or its bundle.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export function defaultSeedPath(): string {
  const beside = resolve(__dirname, '../../resources/sandbox-seed.json');
  const inWorkingFolder = resolve(process.cwd(), 'resources/sandbox-seed.json');
  return existsSync(beside) || !existsSync(inWorkingFolder) ? beside : inWorkingFolder;
}
