// The settings port's contract: small values per account and key, read back through a schema (absent,
// damaged or of another shape: the fallback), overwritten, and removed by a key prefix taken literally.
// test/core/db/settings-table.test.ts, test/core/form-memory.test.ts and default-name.test.ts ("download
// settings") test the same rules on SQLite alone, through SQL or their domain classes.
import { expect, it } from 'vitest';
import { z } from 'zod';
import { downloadSettingsSchema } from '../../../electron/shared/domain/download';
import { EMPTY_FORM_MEMORY, formMemorySchema } from '../../../electron/shared/domain/form-memory';
import type { Current } from './opened-stores';

const count = z.object({ n: z.number() });

const DRAFT = {
  values: { headline: 'Spring sale', photo: 'https://cdn.example.com/a.png' },
  background: { music: '', volume: 0.4, start: 2 },
  savedAt: '2026-11-22T10:00:00.000Z',
};

export function settingsStoreContract(current: Current): void {
  const settings = () => current().stores.settings;

  it('reads a value back through its schema; absent or of another shape, the fallback (read, raw, write)', async () => {
    expect(await settings().read('a', 'k', count, { n: 0 })).toEqual({ n: 0 });
    expect(await settings().raw('a', 'k')).toBeUndefined();
    await settings().write('a', 'k', { n: 3 });
    expect(await settings().read('a', 'k', count, { n: 0 })).toEqual({ n: 3 });
    expect(await settings().raw('a', 'k')).toEqual({ n: 3 });
    await settings().write('a', 'k', { n: 'three' });
    expect(await settings().read('a', 'k', count, { n: 0 })).toEqual({ n: 0 });
    expect(await settings().raw('a', 'k')).toEqual({ n: 'three' });
  });

  it('overwrites a value, whatever JSON it is (write)', async () => {
    const values: unknown[] = [
      { nested: { list: [1, 'two', null, true], text: 'Été 🎬 "q"\n' } },
      [],
      'plain text',
      0.1,
      false,
      null,
    ];
    for (const value of values) {
      await settings().write('', 'k', value);
      expect(await settings().raw('', 'k')).toEqual(value);
    }
  });

  it('reads a damaged row as nothing: raw undefined, read the fallback; and writes over it (read, raw)', async (context) => {
    const damage = current().damage;
    if (!damage) return context.skip('this store cannot hold damaged text');
    await settings().write('a', 'k', { n: 1 });
    await damage.settingText('a', 'k', '{not json');
    expect(await settings().raw('a', 'k')).toBeUndefined();
    expect(await settings().read('a', 'k', count, { n: 0 })).toEqual({ n: 0 });
    await damage.settingText('a', 'form:broken', '{"draft": {"values"');
    expect(await settings().read('a', 'form:broken', formMemorySchema, EMPTY_FORM_MEMORY)).toEqual(
      EMPTY_FORM_MEMORY,
    );
    await settings().write('a', 'k', { n: 2 });
    expect(await settings().read('a', 'k', count, { n: 0 })).toEqual({ n: 2 });
  });

  it('keeps each account’s values apart, the app’s own ("") too (read, write)', async () => {
    await settings().write('acc-1', 'form:p-1', { draft: DRAFT, skipEmptyCheck: true });
    await settings().write('acc-2', 'form:p-1', {
      draft: { ...DRAFT, values: { headline: 'Other' } },
      skipEmptyCheck: false,
    });
    await settings().write('', 'form:p-1', 'the app’s');
    expect(await settings().read('acc-1', 'form:p-1', formMemorySchema, EMPTY_FORM_MEMORY)).toEqual({
      draft: DRAFT,
      skipEmptyCheck: true,
    });
    expect(await settings().read('acc-2', 'form:p-1', formMemorySchema, EMPTY_FORM_MEMORY)).toEqual({
      draft: { ...DRAFT, values: { headline: 'Other' } },
      skipEmptyCheck: false,
    });
    expect(await settings().read('acc-1', 'form:p-2', formMemorySchema, EMPTY_FORM_MEMORY)).toEqual(
      EMPTY_FORM_MEMORY,
    );
    expect(await settings().raw('', 'form:p-1')).toBe('the app’s');
    expect(await settings().raw('acc-3', 'form:p-1')).toBeUndefined();
  });

  it('reads a value of another shape as the fallback: a form memory and download settings (read)', async () => {
    await settings().write('acc', 'form:wrong', { draft: { values: { a: 1 } }, skipEmptyCheck: 'yes' });
    expect(await settings().read('acc', 'form:wrong', formMemorySchema, EMPTY_FORM_MEMORY)).toEqual(
      EMPTY_FORM_MEMORY,
    );
    const fallback = {
      folder: '/home/ana/Downloads',
      template: '{project}/{jobId}.{ext}',
      concurrency: 2,
      auto: true,
    };
    await settings().write('acc', 'downloads', { ...fallback, concurrency: 'many' });
    expect(await settings().read('acc', 'downloads', downloadSettingsSchema, fallback)).toEqual(fallback);
    await settings().write('acc', 'downloads', { ...fallback, concurrency: 3 });
    expect(await settings().read('acc', 'downloads', downloadSettingsSchema, fallback)).toEqual({
      ...fallback,
      concurrency: 3,
    });
  });

  it('removes by a prefix counted in characters, not UTF-16 units: an emoji prefix too (removeKeys)', async () => {
    for (const key of ['🎬:x', '🎬', '🎞:y', 'a🎬']) await settings().write('a', key, key);
    await settings().removeKeys('a', '🎬');
    for (const key of ['🎬:x', '🎬']) expect(await settings().raw('a', key), key).toBeUndefined();
    for (const key of ['🎞:y', 'a🎬']) expect(await settings().raw('a', key), key).toBe(key);
  });

  it('removes one account’s keys by a prefix taken literally: a % or _ in it is no wildcard (removeKeys)', async () => {
    const keys = [
      'form:p1',
      'form:p2',
      'downloads',
      'form_x',
      'formula',
      'Form:p3',
      '50%:x',
      '50a:x',
      'a_b',
      'axb',
      'form',
    ];
    for (const key of keys) await settings().write('a', key, key);
    await settings().write('b', 'form:p1', 'b');
    await settings().write('b', '50%:x', 'b');
    await settings().removeKeys('a', 'form:');
    await settings().removeKeys('a', '50%');
    await settings().removeKeys('a', 'a_');
    await settings().removeKeys('a', 'nothing-starts-so');
    const left = [];
    for (const key of keys) if ((await settings().raw('a', key)) !== undefined) left.push(key);
    expect(left).toEqual(['downloads', 'form_x', 'formula', 'Form:p3', '50a:x', 'axb', 'form']);
    expect(await settings().raw('b', 'form:p1')).toBe('b');
    expect(await settings().raw('b', '50%:x')).toBe('b');
    await settings().removeKeys('a', '');
    for (const key of keys) expect(await settings().raw('a', key), key).toBeUndefined();
    expect(await settings().raw('b', 'form:p1')).toBe('b');
  });
}
