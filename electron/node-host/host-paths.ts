// Where the app keeps its files when it runs outside Electron (the browser host, the command line): the
// very folders Electron's app.getPath gives the desktop app of the same installation (installation.ts), so
// all three share one history and one settings file. JRS_DATA_DIR moves the data elsewhere (scripts, tests).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { hostInstallation, type Installation } from './installation';

type Env = Record<string, string | undefined>;

/** Electron's `userData` for this installation on this OS, or JRS_DATA_DIR when set. */
export function userDataDir(
  env: Env = process.env,
  platform = process.platform,
  home = homedir(),
  installation: Installation = hostInstallation(),
): string {
  const override = env['JRS_DATA_DIR'];
  if (override) return override;
  const name = installation.dataFolderName;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', name);
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), name);
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), name);
}

/** Electron's `downloads` path: the OS Downloads folder in the home folder. */
export function downloadsDir(home = homedir()): string {
  return join(home, 'Downloads');
}
