// The display name's default when the system says less: the host alone when the OS user cannot be read
// (userInfo throws for a uid without a password entry, as in some containers), a long name cut to 60.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database';
import { SqliteSettings } from '../../../electron/core/db/sqlite/sqlite-settings';
import { DisplayName, defaultDisplayName } from '../../../electron/core/team/display-name';
import { tempFilePaths } from '../../fixtures/temp-dirs';

const tempPath = tempFilePaths('jrs-name-', 'history.sqlite');

describe('the default display name', () => {
  it('is user@host, the host alone when the user cannot be read, and never more than 60 characters', () => {
    expect(defaultDisplayName({ user: () => 'ada', host: () => 'studio-1' })).toBe('ada@studio-1');
    const noUser = {
      user: () => {
        throw new Error('ENOENT: no such file or directory, uv_os_get_passwd');
      },
      host: () => 'studio-1',
    };
    expect(defaultDisplayName(noUser)).toBe('studio-1');
    expect(defaultDisplayName({ user: () => 'a', host: () => 'h'.repeat(80) })).toBe(`a@${'h'.repeat(58)}`);
  });

  it('is the fallback for a saved name that is damaged, and is said to be the default', async () => {
    const { db } = openDatabase(tempPath());
    const settings = new SqliteSettings(db);
    const name = new DisplayName(settings, { user: () => 'ada', host: () => 'studio-1' });
    await settings.write('', 'displayName', { name: 'bad\u0000name' });
    expect(await name.view()).toEqual({ name: 'ada@studio-1', defaultName: 'ada@studio-1', isDefault: true });
    expect(await name.set(' Grace ')).toEqual({
      name: 'Grace',
      defaultName: 'ada@studio-1',
      isDefault: false,
    });
    expect(await name.current()).toBe('Grace');
    db.close();
  });
});
