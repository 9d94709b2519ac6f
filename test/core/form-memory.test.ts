// A project's form memory in the history database: nothing remembered at first, a draft and the "don't ask
// again" choice kept per account and project across a reopen, a damaged row read as nothing (the form still
// opens), and an account's memory gone with the account.
import { describe, expect, it } from 'vitest';
import { tempFilePaths } from '../fixtures/temp-dirs';
import { openDatabase } from '../../electron/core/db/open-database';
import { FormMemoryRepository } from '../../electron/core/forms/form-memory-repository';
import type { Draft } from '../../electron/shared/domain/form-memory';
import { SqliteSettings } from '../../electron/core/db/sqlite/sqlite-settings';

const tempPath = tempFilePaths('jrs-forms-', 'history.sqlite');

const DRAFT: Draft = {
  values: { headline: 'Spring sale', photo: 'https://cdn.example.com/a.png' },
  background: { music: '', volume: 0.4, start: 2 },
  savedAt: '2026-11-22T10:00:00.000Z',
};

describe('FormMemoryRepository', () => {
  it('remembers a draft and the choice per account and project, across a reopen', async () => {
    const path = tempPath();
    const first = openDatabase(path).db;
    const memory = new FormMemoryRepository(new SqliteSettings(first));
    expect(await memory.get('acc-1', 'p-1')).toEqual({ draft: null, skipEmptyCheck: false });

    await memory.saveDraft('acc-1', 'p-1', DRAFT);
    await memory.setSkipEmptyCheck('acc-1', 'p-1', true);
    await memory.saveDraft('acc-2', 'p-1', { ...DRAFT, values: { headline: 'Other account' } });
    first.close();

    const again = new FormMemoryRepository(new SqliteSettings(openDatabase(path).db));
    expect(await again.get('acc-1', 'p-1')).toEqual({ draft: DRAFT, skipEmptyCheck: true });
    expect((await again.get('acc-2', 'p-1')).draft?.values).toEqual({ headline: 'Other account' });
    expect((await again.get('acc-2', 'p-1')).skipEmptyCheck).toBe(false);
    expect(await again.get('acc-1', 'p-2')).toEqual({ draft: null, skipEmptyCheck: false });

    // Forgetting the draft keeps the choice.
    await again.saveDraft('acc-1', 'p-1', null);
    expect(await again.get('acc-1', 'p-1')).toEqual({ draft: null, skipEmptyCheck: true });
  });

  it('reads a damaged or foreign row as nothing remembered', async () => {
    const { db } = openDatabase(tempPath());
    const memory = new FormMemoryRepository(new SqliteSettings(db));
    const put = db.prepare(`INSERT INTO settings (account_id, key, value_json) VALUES ('acc', ?, ?)`);
    put.run('form:broken', '{not json');
    put.run('form:wrong', JSON.stringify({ draft: { values: { a: 1 } }, skipEmptyCheck: 'yes' }));
    expect(await memory.get('acc', 'broken')).toEqual({ draft: null, skipEmptyCheck: false });
    expect(await memory.get('acc', 'wrong')).toEqual({ draft: null, skipEmptyCheck: false });
    // And it can be written over.
    await memory.setSkipEmptyCheck('acc', 'broken', true);
    expect((await memory.get('acc', 'broken')).skipEmptyCheck).toBe(true);
  });

  it('forgets an account’s forms, and only that account’s', async () => {
    const { db } = openDatabase(tempPath());
    const memory = new FormMemoryRepository(new SqliteSettings(db));
    await memory.saveDraft('gone', 'p-1', DRAFT);
    await memory.saveDraft('kept', 'p-1', DRAFT);
    db.prepare(`INSERT INTO settings (account_id, key, value_json) VALUES ('gone', 'downloads', '{}')`).run();
    await memory.removeAccount('gone');
    expect((await memory.get('gone', 'p-1')).draft).toBeNull();
    expect((await memory.get('kept', 'p-1')).draft).toEqual(DRAFT);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM settings WHERE account_id = 'gone'`).get()).toEqual({
      n: 1,
    });
  });
});
