// Where the app keeps its files when it runs outside Electron (the browser host, the command line): the
// very folders Electron's app.getPath gives the desktop app, so all three share one history, one settings
// file and one keychain entry per account. JRS_DATA_DIR moves the data elsewhere (scripts, tests).
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The app's name as Electron derives its user-data folder from it (package.json productName). */
export const APP_NAME = 'Job Rendering Studio';
/** The keychain service of a run from source, as main uses when the app is not packaged. */
export const DEV_KEYCHAIN_SERVICE = 'JobRenderingStudio-dev';

type Env = Record<string, string | undefined>;

/** Electron's `userData` for this app on this OS, or JRS_DATA_DIR when set. */
export function userDataDir(env: Env = process.env, platform = process.platform, home = homedir()): string {
  const override = env['JRS_DATA_DIR'];
  if (override) return override;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), APP_NAME);
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), APP_NAME);
}

/** Electron's `downloads` path: the OS Downloads folder in the home folder. */
export function downloadsDir(home = homedir()): string {
  return join(home, 'Downloads');
}
