// An account's download settings (folder, naming template, downloads at once, automatic download), in the
// history database's settings table. What is read back is checked; a damaged row gives the defaults.
import type { Database, Statement } from 'better-sqlite3';
import { downloadSettingsSchema, type DownloadSettings } from '../../shared/domain/download';
import { DEFAULT_TEMPLATE } from './name-template';

const KEY = 'downloads';

export function defaultDownloadSettings(downloadsDir: string): DownloadSettings {
  // New accounts download each finished job at once (the default), two at a time.
  return { folder: downloadsDir, template: DEFAULT_TEMPLATE, concurrency: 2, auto: true };
}

export class DownloadSettingsStore {
  private readonly read: Statement<[string, string], { value_json: string }>;
  private readonly write: Statement<[string, string, string]>;

  constructor(
    db: Database,
    private readonly downloadsDir: string,
    /**
     * This process's own choices over the saved ones (never saved themselves): where every download goes,
     * and `auto: false` for no automatic download.
     */
    private readonly override: { folder?: string; auto?: false } = {},
  ) {
    this.read = db.prepare(`SELECT value_json FROM settings WHERE account_id = ? AND key = ?`);
    this.write = db.prepare(
      `INSERT INTO settings (account_id, key, value_json) VALUES (?, ?, ?)
       ON CONFLICT (account_id, key) DO UPDATE SET value_json = excluded.value_json`,
    );
  }

  get(accountId: string): DownloadSettings {
    const saved = this.saved(accountId);
    const { folder, auto } = this.override;
    return { ...saved, ...(folder ? { folder } : {}), ...(auto === false ? { auto } : {}) };
  }

  private saved(accountId: string): DownloadSettings {
    const defaults = defaultDownloadSettings(this.downloadsDir);
    const row = this.read.get(accountId, KEY);
    if (!row) return defaults;
    try {
      const parsed = downloadSettingsSchema.safeParse({ ...defaults, ...JSON.parse(row.value_json) });
      return parsed.success ? parsed.data : defaults;
    } catch {
      return defaults;
    }
  }

  save(accountId: string, settings: DownloadSettings): void {
    this.write.run(accountId, KEY, JSON.stringify(settings));
  }
}
