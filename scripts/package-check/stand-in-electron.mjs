// A stand-in for Electron's Linux distribution, so electron-builder can pack the app where the real binary
// cannot be downloaded. electron-builder copies an unpacked dist folder as it is, renames `electron` to the
// app's executable and flips the fuses in it (@electron/fuses finds the fuse wire after a fixed sentinel),
// so the stand-in is one `electron` file holding a fuse wire with Electron's own default states.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// From @electron/fuses: the sentinel, then the wire's version (1), its length, then one byte per fuse.
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_VERSION = 1;
const DISABLED = '0'.charCodeAt(0);
const ENABLED = '1'.charCodeAt(0);

// The fuse names electron-builder's `electronFuses` uses, in the order of Electron's fuse wire (V1).
export const FUSE_NAMES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
];
// Electron's defaults, so a fuse the configuration forgets keeps the state a real binary would have.
const ELECTRON_DEFAULTS = [true, false, true, true, false, false, false, true];

/** Writes the stand-in dist folder under `dir` and returns its path. */
export function makeStandInElectron(dir) {
  const dist = join(dir, 'electron-dist');
  mkdirSync(dist, { recursive: true });
  const wire = Buffer.from([
    FUSE_VERSION,
    ELECTRON_DEFAULTS.length,
    ...ELECTRON_DEFAULTS.map((on) => (on ? ENABLED : DISABLED)),
  ]);
  const script = Buffer.from(
    '#!/bin/sh\necho "Stand-in for Electron made by scripts/package-check.mjs: this package cannot start." >&2\nexit 1\n# ',
  );
  const binary = join(dist, 'electron');
  writeFileSync(binary, Buffer.concat([script, Buffer.from(FUSE_SENTINEL), wire, Buffer.from('\n')]));
  chmodSync(binary, 0o755);
  writeFileSync(join(dist, 'LICENSE'), "Stand-in for Electron's LICENSE file.\n");
  return dist;
}

/** Reads the fuse states from a (stand-in) Electron binary: { runAsNode: true, … }. */
export function readFuses(binaryPath) {
  const bytes = readFileSync(binaryPath);
  const at = bytes.indexOf(FUSE_SENTINEL);
  if (at === -1) throw new Error(`no fuse wire in ${binaryPath}`);
  const start = at + FUSE_SENTINEL.length;
  const length = bytes[start + 1] ?? 0;
  const fuses = {};
  for (let i = 0; i < length && i < FUSE_NAMES.length; i += 1) {
    fuses[FUSE_NAMES[i]] = bytes[start + 2 + i] === ENABLED;
  }
  return fuses;
}
