// Native modules (better-sqlite3, keytar) are built for one runtime at a time: Node for tests and the
// sandbox CLI, Electron for the app. This checks the wanted runtime can load them and rebuilds only if not,
// so `npm test` and `npm start` can follow each other without manual steps.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const target = process.argv[2];
if (target !== 'node' && target !== 'electron') {
  console.error('usage: node scripts/ensure-native.mjs node|electron');
  process.exit(2);
}
const require = createRequire(import.meta.url);
const probe = "new (require('better-sqlite3'))(':memory:').close(); require('keytar');";

function run(command, args, env = {}) {
  return spawnSync(command, args, { stdio: 'pipe', env: { ...process.env, ...env }, encoding: 'utf8' });
}

function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

if (target === 'node') {
  if (run(process.execPath, ['-e', probe]).status === 0) process.exit(0);
  console.log('Rebuilding native modules for Node…');
  const rebuilt = spawnSync('npm', ['rebuild', 'better-sqlite3', 'keytar'], { stdio: 'inherit' });
  process.exit(rebuilt.status ?? 1);
}

const binary = electronBinary();
if (!binary) {
  console.error(
    'The Electron binary is not installed. Run "npx install-electron" (it needs access to Electron\'s ' +
      'download site), then "npm start" again. Without it you can still run the sandbox (npm run sandbox) ' +
      'and every test (npm test).',
  );
  process.exit(1);
}
if (run(binary, ['-e', probe], { ELECTRON_RUN_AS_NODE: '1' }).status === 0) process.exit(0);
console.log('Rebuilding native modules for Electron…');
const rebuilt = spawnSync('npx', ['electron-builder', 'install-app-deps'], { stdio: 'inherit' });
process.exit(rebuilt.status ?? 1);
