// An account's download settings (folder, naming template, downloads at once, automatic download), in the
// history database's settings table. What is read back is checked; a damaged row gives the defaults.
import type { SettingsStore } from '../kernel/settings-store';
import { downloadSettingsSchema, type DownloadSettings } from '../../shared/domain/download';
import { DEFAULT_TEMPLATE } from './name-template';

const KEY = 'downloads';

export function defaultDownloadSettings(downloadsDir: string): DownloadSettings {
  // New accounts download each finished job at once (the default), two at a time.
  return { folder: downloadsDir, template: DEFAULT_TEMPLATE, concurrency: 2, auto: true };
}

export class DownloadSettingsStore {
  constructor(
    private readonly settings: SettingsStore,
    private readonly downloadsDir: string,
    /**
     * This process's own choices over the saved ones (never saved themselves): where every download goes,
     * and `auto: false` for no automatic download.
     */
    private readonly override: { folder?: string; auto?: false } = {},
  ) {}

  async get(accountId: string): Promise<DownloadSettings> {
    const saved = await this.saved(accountId);
    const { folder, auto } = this.override;
    return { ...saved, ...(folder ? { folder } : {}), ...(auto === false ? { auto } : {}) };
  }

  private async saved(accountId: string): Promise<DownloadSettings> {
    const defaults = defaultDownloadSettings(this.downloadsDir);
    // What was saved over the defaults, then checked: a setting added since keeps its default.
    const saved = await this.settings.raw(accountId, KEY);
    if (saved === undefined) return defaults;
    const parsed = downloadSettingsSchema.safeParse({ ...defaults, ...(saved as object) });
    return parsed.success ? parsed.data : defaults;
  }

  save(accountId: string, settings: DownloadSettings): Promise<void> {
    return this.settings.write(accountId, KEY, settings);
  }
}
