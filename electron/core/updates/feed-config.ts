// The update feed a copy of the app was built with: electron-builder writes the `publish` setting into
// resources/app-update.yml (only when JRS_UPDATE_URL was set at build time), and names the channel file the
// feed keeps for each system (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { isAllowedWebAddress } from '../../shared/domain/urls';
import { AppError } from '../kernel/app-error';

export interface UpdateFeed {
  /** The folder the channel file and the installers are in; ends with a slash. */
  baseUrl: string;
  /** The channel file's name for this system, e.g. latest-linux.yml. */
  channelFile: string;
}

const appUpdateSchema = z.looseObject({
  provider: z.literal('generic', { error: 'only a generic feed (provider: generic) is supported' }),
  // An update replaces the app: its feed must come over https (http only on this computer, for tests), or
  // anyone on the network could serve their own latest*.yml, checksum included.
  url: z
    .url({ protocol: /^https?$/, error: 'url must be an http or https address' })
    .refine(isAllowedWebAddress, 'url must be an https address (http only for this computer)'),
  channel: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/i)
    .optional(),
});

/** electron-updater's own naming (Provider.getChannelFilePrefix): no suffix on Windows, -mac, -linux[-arch]. */
export function channelFileName(platform: string, arch: string, channel = 'latest'): string {
  if (platform === 'darwin') return `${channel}-mac.yml`;
  if (platform === 'linux') return `${channel}-linux${arch === 'x64' ? '' : `-${arch}`}.yml`;
  return `${channel}.yml`;
}

/** A trailing slash, so that the channel file resolves inside the feed's folder, not beside it. */
function folderUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.pathname.endsWith('/')) parsed.pathname += '/';
  return parsed.toString();
}

/** The feed described by app-update.yml's text; a file this app cannot use is an AppError saying why. */
export function parseAppUpdateConfig(text: string, system: { platform: string; arch: string }): UpdateFeed {
  let data: unknown;
  try {
    data = parse(text);
  } catch {
    data = undefined;
  }
  const parsed = appUpdateSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError(
      'invalid-input',
      `This copy’s update settings (app-update.yml) cannot be used (${where}${issue?.message ?? 'not YAML'}). Reinstall the app.`,
    );
  }
  return {
    baseUrl: folderUrl(parsed.data.url),
    channelFile: channelFileName(system.platform, system.arch, parsed.data.channel),
  };
}

/** The feed in the app's resources folder, or null when the copy was built without one (no file). */
export function readAppUpdateConfig(
  path: string,
  system: { platform: string; arch: string },
): UpdateFeed | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return parseAppUpdateConfig(text, system);
}
