// Builds `jrs` (with its browser host and sandbox) into out/cli/jrs.cjs, one CommonJS file that
// bin/jrs.mjs loads, so no TypeScript is compiled when jrs starts. The app's own code is bundled; packages
// from node_modules stay outside (`packages: 'external'`): the native ones (better-sqlite3, keytar) cannot
// be bundled, and the rest are the desktop app's run-time dependencies anyway, loaded only by the commands
// that use them. The spreadsheet reader's thread is its own file beside it (read-sheet-off-thread.ts).
// Each file is written beside its place and renamed into it, so a jrs starting meanwhile (a test, a second
// build) never loads half a file.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  logLevel: 'warning',
  write: false,
  outdir: 'out/cli',
};

const results = await Promise.all([
  build({ ...common, entryPoints: { jrs: 'electron/cli/main.ts' }, outExtension: { '.js': '.cjs' } }),
  build({
    ...common,
    entryPoints: {
      'sheet-reader-thread': 'electron/core/batches/sheet-reader-thread.ts',
      'png-render-thread': 'electron/sandbox/outputs/png-render-thread.ts',
    },
  }),
]);
for (const file of results.flatMap((result) => result.outputFiles)) {
  mkdirSync(dirname(file.path), { recursive: true });
  const part = `${file.path}.${process.pid}.part`;
  writeFileSync(part, file.contents);
  renameSync(part, file.path);
}
