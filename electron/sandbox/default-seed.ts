// Where the default seed (the built-in demo account) lives: resources/ of the app's package, whether run
// from sources, from the build in out/, or from an npm-installed copy (the packaged app has it beside its
// asar: sandboxSeedPath in node-host).
import { join } from 'node:path';
import { packageRoot } from '../node-shared/package-root';

export function defaultSeedPath(): string {
  return join(packageRoot(), 'resources', 'sandbox-seed.json');
}
