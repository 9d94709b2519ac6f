// The settings port on SQLite, as every domain's settings use it: values read back through a schema (a
// damaged or older row is the fallback), the raw value for callers that merge defaults first, and removing
// one account's keys by prefix, literally (a % or _ in it is no wildcard).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../../electron/core/db/open-database';
import { SqliteSettings } from '../../../electron/core/db/sqlite/sqlite-settings';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function table() {
  dir = mkdtempSync(join(tmpdir(), 'jrs-settings-'));
  const { db } = openDatabase(join(dir, 'history.sqlite'));
  return { db, settings: new SqliteSettings(db) };
}

const count = z.object({ n: z.number() });

it('reads a value back through its schema; a missing or damaged one is the fallback', async () => {
  const { db, settings } = table();
  expect(await settings.read('a', 'k', count, { n: 0 })).toEqual({ n: 0 });
  await settings.write('a', 'k', { n: 3 });
  expect(await settings.read('a', 'k', count, { n: 0 })).toEqual({ n: 3 });
  expect(await settings.raw('a', 'k')).toEqual({ n: 3 });
  await settings.write('a', 'k', { n: 'three' });
  expect(await settings.read('a', 'k', count, { n: 0 })).toEqual({ n: 0 });
  db.prepare(`UPDATE settings SET value_json = '{not json' WHERE account_id = 'a' AND key = 'k'`).run();
  expect(await settings.raw('a', 'k')).toBeUndefined();
  expect(await settings.read('a', 'k', count, { n: 0 })).toEqual({ n: 0 });
  db.close();
});

it('removes one account’s keys by prefix, taken literally', async () => {
  const { db, settings } = table();
  for (const key of ['form:p1', 'form:p2', 'downloads', 'form_x', 'formula'])
    await settings.write('a', key, 1);
  await settings.write('b', 'form:p1', 1);
  await settings.write('a', '50%:x', 1);
  await settings.write('a', '50a:x', 1);
  await settings.removeKeys('a', 'form:');
  await settings.removeKeys('a', '50%');
  const left = db.prepare(`SELECT account_id, key FROM settings ORDER BY account_id, key`).all();
  expect(left).toEqual([
    { account_id: 'a', key: '50a:x' },
    { account_id: 'a', key: 'downloads' },
    { account_id: 'a', key: 'form_x' },
    { account_id: 'a', key: 'formula' },
    { account_id: 'b', key: 'form:p1' },
  ]);
  db.close();
});
