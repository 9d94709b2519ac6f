// The name this installation puts on every job it submits (issue 19: "a display name each person sets,
// defaulting to the OS user and host"). One per installation, not per account: it sits in the history's
// settings under the empty account id, as the updates switch does (updates/update-settings.ts).
import { hostname, userInfo } from 'node:os';
import { z } from 'zod';
import { displayNameSchema, type DisplayNameView } from '../../shared/domain/team';
import { AppError } from '../kernel/app-error';
import type { SettingsStore } from '../kernel/settings-store';

const APP_WIDE = '';
const KEY = 'displayName';
const saved = z.object({ name: displayNameSchema });

/** Where the default comes from; the real system's by default, a test's own elsewhere. */
export interface SystemIdentity {
  user(): string;
  host(): string;
}

export const systemIdentity: SystemIdentity = {
  user: () => userInfo().username,
  host: () => hostname(),
};

/**
 * `<OS user>@<host>`, or the host alone when the user cannot be read (userInfo throws for a uid with no
 * entry in the password database, e.g. in a container). Cut to a valid name, so the default always is one.
 */
export function defaultDisplayName(system: SystemIdentity = systemIdentity): string {
  const host = system.host().trim() || 'this computer';
  let user: string;
  try {
    user = system.user().trim();
  } catch {
    user = '';
  }
  const name = user ? `${user}@${host}` : host;
  const parsed = displayNameSchema.safeParse([...name].slice(0, 60).join(''));
  return parsed.success ? parsed.data : 'this computer';
}

export class DisplayName {
  constructor(
    private readonly table: SettingsStore,
    private readonly system: SystemIdentity = systemIdentity,
  ) {}

  /** The name current now: the person's own, else the default (a damaged saved one reads as none). */
  async current(): Promise<string> {
    return (await this.view()).name;
  }

  async view(): Promise<DisplayNameView> {
    const defaultName = defaultDisplayName(this.system);
    const own = await this.table.read(APP_WIDE, KEY, saved.nullable(), null);
    return own
      ? { name: own.name, defaultName, isDefault: false }
      : { name: defaultName, defaultName, isDefault: true };
  }

  /** Saves the person's name (trimmed); refused in words when it is not one. */
  async set(name: string): Promise<DisplayNameView> {
    const parsed = displayNameSchema.safeParse(name);
    if (!parsed.success) {
      throw new AppError('invalid-input', parsed.error.issues[0]?.message ?? 'That name cannot be used.');
    }
    await this.table.write(APP_WIDE, KEY, { name: parsed.data });
    return this.view();
  }

  /** Back to the default (the OS user and host). */
  async reset(): Promise<DisplayNameView> {
    await this.table.removeKeys(APP_WIDE, KEY);
    return this.view();
  }
}
