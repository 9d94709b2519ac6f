// Where the default seed (the built-in demo account) lives, relative to this source or its bundle.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export function defaultSeedPath(): string {
  const candidates = [
    resolve(__dirname, '../../resources/sandbox-seed.json'),
    resolve(process.cwd(), 'resources/sandbox-seed.json'),
  ];
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0]!;
}
