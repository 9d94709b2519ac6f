// Which copy of the product this is, and so which keychain service and data folder it uses: chosen here
// only. An installed copy (the packaged desktop app, `jrs` and its browser host from `npm install -g`) uses
// one name for all three, so an account added in one is usable in the others; a development checkout keeps
// a name of its own, so working on the code never touches the history and keys of the installed app.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../node-shared/package-root';

export type InstallationKind = 'installed' | 'development';

export interface Installation {
  kind: InstallationKind;
  /** The OS keychain's service name for this copy's keys. */
  keychainService: string;
  /**
   * Keychain services this copy used before; a key missing under `keychainService` is looked for there and
   * moved (MovingSecretStore). Until this version the CLI and browser host of an installed copy used the
   * development name.
   */
  formerKeychainServices: readonly string[];
  /** The data folder's name under the OS's application-data folder (Electron's `userData`). */
  dataFolderName: string;
}

/** Electron derives the installed app's `userData` from package.json's productName: the same name here. */
export const PRODUCT_NAME = 'Job Rendering Studio';

const INSTALLATIONS: Record<InstallationKind, Installation> = {
  installed: {
    kind: 'installed',
    keychainService: 'JobRenderingStudio',
    formerKeychainServices: ['JobRenderingStudio-dev'],
    dataFolderName: PRODUCT_NAME,
  },
  development: {
    kind: 'development',
    keychainService: 'JobRenderingStudio-dev',
    formerKeychainServices: [],
    dataFolderName: `${PRODUCT_NAME} (development)`,
  },
};

export function installation(kind: InstallationKind): Installation {
  return INSTALLATIONS[kind];
}

/**
 * The kind of the copy whose package is at `root`: a checkout has the app's sources beside its build; the
 * npm package and the packaged app ship only the build (package.json `files`, electron-builder.yml).
 */
export function installationKindAt(root: string = packageRoot()): InstallationKind {
  return existsSync(join(root, 'electron', 'main', 'index.ts')) ? 'development' : 'installed';
}

/** This Node host's installation (the CLI, the browser host): from where its package is. */
export function hostInstallation(root?: string): Installation {
  return installation(installationKindAt(root));
}
