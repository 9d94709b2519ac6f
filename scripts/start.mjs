// `npm start`: the desktop app where Electron's binary is installed (fetched once if it can be); where it
// is missing and cannot be fetched, or with `--browser`, the same app in a browser through the browser
// host, on the same data and keychain. Native modules are built for whichever runtime runs the core.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const forceBrowser = args.includes('--browser');
const hostArgs = args.filter((arg) => arg !== '--browser');

function run(command, commandArgs, options = {}) {
  return spawnSync(command, commandArgs, { stdio: 'inherit', ...options }).status ?? 1;
}

/**
 * Runs the app itself until it quits. Ctrl-C reaches every process of the terminal's group: the app hears it
 * and quits, saving its history and downloads' state first; this script only waits for that, so `npm start`
 * returns the prompt once the app has really stopped (not while it still writes to its data folder). Before
 * this point (fetching Electron, building the pages) Ctrl-C stops `npm start` at once, as usual.
 */
function runApp(command, commandArgs) {
  process.on('SIGINT', () => {});
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  return result.signal === 'SIGINT' ? 130 : (result.status ?? 1);
}

/**
 * The Electron binary's path, fetched first if it is missing: the electron package downloads it when it is
 * first required, and fails at once where its download site cannot be reached. Asked in a child process
 * so that its progress and stack traces stay out of the person's terminal.
 */
function electronBinary() {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 300_000,
  });
  // The path is the last line: the package may print its download's progress before it.
  const path = probe.status === 0 ? (probe.stdout.trim().split('\n').at(-1) ?? '') : '';
  return path && existsSync(path) ? path : null;
}

if (!forceBrowser && electronBinary()) {
  if (run('node', ['scripts/ensure-native.mjs', 'electron']) !== 0) process.exit(1);
  process.exit(runApp('npx', ['electron-vite', 'dev']));
}

if (!forceBrowser)
  console.log('Electron could not be installed here, so the app opens in your browser instead.');
if (run('node', ['scripts/ensure-native.mjs', 'node']) !== 0) process.exit(1);
/** The newest modification time of any file under `dir`. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

// The pages are built when their sources changed since the last build (a few seconds), as electron-vite
// dev would serve them fresh; an up-to-date build is left alone (tests may be reading it).
const page = 'out/renderer/index.html';
const built = existsSync(page) ? statSync(page).mtimeMs : 0;
if (Math.max(newest('src'), newest('electron/shared')) > built) {
  console.log('Building the app’s pages…');
  if (run('npx', ['electron-vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0)
    process.exit(1);
}
// `jrs serve`: the browser host on the desktop app's data folder and keychain, until Ctrl-C.
process.exit(runApp('npx', ['tsx', 'electron/cli/main.ts', 'serve', ...hostArgs]));
