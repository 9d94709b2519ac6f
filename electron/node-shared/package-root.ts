// The folder of the app's own package.json, found from wherever the running code is: a source checkout
// (electron/…/*.ts run by tsx or Vitest), its build (out/main, out/cli), an npm-installed copy
// (…/node_modules/jrs-desktop) or the packaged app's asar. Paths such as the built pages and the sandbox's
// seed are taken from it, never from `__dirname` plus a fixed number of `..`, which differs between these.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const PACKAGE_NAME = 'jrs-desktop';

function isOurPackage(folder: string): boolean {
  const manifest = join(folder, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

const found = new Map<string, string>();

/** The package's root above `from` (this module's folder by default). Throws when there is none. */
export function packageRoot(from: string = __dirname): string {
  const known = found.get(from);
  if (known) return known;
  for (let folder = from; ; folder = dirname(folder)) {
    if (isOurPackage(folder)) {
      found.set(from, folder);
      return folder;
    }
    if (dirname(folder) === folder) break;
  }
  throw new Error(`The ${PACKAGE_NAME} package was not found above ${from}; reinstall Job Rendering Studio.`);
}

/** The package's version (package.json), as `jrs --version` and the updater report it. */
export function packageVersion(root: string = packageRoot()): string {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}
