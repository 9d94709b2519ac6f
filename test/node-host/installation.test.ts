// One place chooses a copy's keychain service and data folder: an installed copy (the packaged app, and the
// CLI and browser host of an npm-installed package) shares both; a development checkout has its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../electron/core/accounts/keytar-secret-store';
import { MovingSecretStore } from '../../electron/core/accounts/moving-secret-store';
import { userDataDir } from '../../electron/node-host/host-paths';
import { hostInstallation, installation, installationKindAt } from '../../electron/node-host/installation';
import { installationKeychain } from '../../electron/node-host/installation-keychain';
import { packageRoot, packageVersion } from '../../electron/node-shared/package-root';

const CHECKOUT = resolve(__dirname, '../..');
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An installed copy's layout: the package's manifest and its build, no sources (package.json `files`). */
function installedCopy(): string {
  dir = mkdtempSync(join(tmpdir(), 'jrs-installed-'));
  const root = join(dir, 'lib', 'node_modules', 'jrs-desktop');
  mkdirSync(join(root, 'out', 'cli'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'jrs-desktop', version: '9.8.7' }));
  return root;
}

it('an npm-installed copy is the installed kind, with the packaged app’s keychain service and data folder', () => {
  const root = installedCopy();
  expect(packageRoot(join(root, 'out', 'cli'))).toBe(root);
  expect(packageVersion(root)).toBe('9.8.7');
  expect(installationKindAt(root)).toBe('installed');
  // main chooses installation('installed') when packaged: the very names the installed CLI chooses.
  expect(hostInstallation(root)).toEqual(installation('installed'));
  expect(installation('installed').keychainService).toBe('JobRenderingStudio');
  expect(
    userDataDir({ XDG_CONFIG_HOME: '/home/x/.config' }, 'linux', '/home/x', hostInstallation(root)),
  ).toBe('/home/x/.config/Job Rendering Studio');
});

it('a source checkout is the development kind, apart from the installed copy in both names', () => {
  expect(packageRoot(join(CHECKOUT, 'electron', 'cli'))).toBe(CHECKOUT);
  expect(installationKindAt(CHECKOUT)).toBe('development');
  const development = hostInstallation(CHECKOUT);
  const installed = installation('installed');
  expect(development.keychainService).not.toBe(installed.keychainService);
  expect(development.dataFolderName).not.toBe(installed.dataFolderName);
  expect(userDataDir({}, 'darwin', '/Users/x', development)).toBe(
    '/Users/x/Library/Application Support/Job Rendering Studio (development)',
  );
  expect(userDataDir({ APPDATA: 'C:\\Users\\x\\AppData\\Roaming' }, 'win32', 'C:\\Users\\x', installed)).toBe(
    join('C:\\Users\\x\\AppData\\Roaming', 'Job Rendering Studio'),
  );
});

it('the installed copy finds keys its CLI saved under the development name; JRS_KEYCHAIN_SERVICE names one exactly', () => {
  expect(installation('installed').formerKeychainServices).toEqual([
    installation('development').keychainService,
  ]);
  expect(installationKeychain(installation('installed'), {})).toBeInstanceOf(MovingSecretStore);
  expect(installationKeychain(installation('installed'), { JRS_KEYCHAIN_SERVICE: 'x' })).toBeInstanceOf(
    KeytarSecretStore,
  );
});

it('a folder with no jrs-desktop package above it is said, not guessed', () => {
  dir = mkdtempSync(join(tmpdir(), 'jrs-nowhere-'));
  expect(() => packageRoot(dir)).toThrow(/jrs-desktop package was not found/);
});
