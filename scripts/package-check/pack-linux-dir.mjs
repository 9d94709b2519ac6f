// Runs electron-builder for Linux `--dir` into a folder of our choosing, with the stand-in Electron and no
// native rebuild (the rebuild for Electron's ABI needs Electron's headers, which cannot be fetched here).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** The Electron version the app is built against: the installed `electron` package. */
export function installedElectronVersion(projectDir) {
  const pkg = JSON.parse(readFileSync(join(projectDir, 'node_modules/electron/package.json'), 'utf8'));
  return pkg.version;
}

/**
 * Packs the app; returns the unpacked app folder (release/linux-unpacked or linux-<arch>-unpacked).
 * `configFile` is the electron-builder configuration to start from (electron-builder.yml).
 */
export async function packLinuxDir({ projectDir, configFile, electronDist, outputDir }) {
  const { build, Platform, Arch } = require('electron-builder');
  const arch = Arch[process.arch === 'x64' ? 'x64' : process.arch];
  if (arch === undefined) throw new Error(`electron-builder has no Linux build for ${process.arch}`);
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget('dir', arch),
    publish: 'never',
    config: {
      // A path with a dot: electron-builder loads it as the configuration and lays the rest over it.
      extends: resolve(configFile),
      electronDist,
      electronVersion: installedElectronVersion(projectDir),
      npmRebuild: false,
      nodeGypRebuild: false,
      buildDependenciesFromSource: false,
      directories: { output: outputDir },
    },
  });
  const suffix = arch === Arch.x64 ? '' : `-${Arch[arch]}`;
  return join(outputDir, `linux${suffix}-unpacked`);
}
