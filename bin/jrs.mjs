#!/usr/bin/env node
// `jrs`: the command line of Job Rendering Studio, built by `npm run build` into out/cli/jrs.cjs (no
// TypeScript is compiled at start; from a checkout, `npm run cli` runs the sources through tsx instead).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../out/cli/jrs.cjs', import.meta.url));
if (!existsSync(built)) {
  process.stderr.write('jrs is not built yet: run `npm run build` in its folder first.\n');
  process.exit(1);
}
const { runProcess } = createRequire(import.meta.url)(built);
await runProcess(process.argv.slice(2));
