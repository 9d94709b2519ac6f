// The browser host's answer to a save dialog: the Downloads folder, under a name not yet taken (the
// downloader's own `name (2).ext` rule; a link there, even one leading nowhere, is taken), made when the
// person's home has none, a long name in any script cut to what the disk takes; and the preview route's
// types, from the shared media table.
import { mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { hostDialogs } from '../../electron/browser-host/host-dialogs';
import { writeFileAtomically } from '../../electron/core/files/write-file-atomically';
import { contentTypeOfExtension } from '../../electron/shared/domain/media-types';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it('saves an export in the Downloads folder, never over a file that is there', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'jrs-host-dialogs-'));
  dirs.push(folder);
  const dialogs = hostDialogs(folder);
  const ask = () => dialogs.chooseSaveFile({ title: 'Export', defaultName: 'jobs.csv', filters: [] });
  expect(await ask()).toBe(join(folder, 'jobs.csv'));
  writeFileSync(join(folder, 'jobs.csv'), 'taken');
  expect(await ask()).toBe(join(folder, 'jobs (2).csv'));
  writeFileSync(join(folder, 'jobs (2).csv'), 'taken');
  expect(await ask()).toBe(join(folder, 'jobs (3).csv'));
});

it('a home without a Downloads folder: the export is saved there all the same, the folder made owner-only', async () => {
  const home = mkdtempSync(join(tmpdir(), 'jrs-host-home-'));
  dirs.push(home);
  const downloads = join(home, 'Downloads');
  const path = await hostDialogs(downloads).chooseSaveFile({
    title: 'Export',
    defaultName: 'jobs-2025-01-01.csv',
    filters: [],
  });
  expect(path).toBe(join(downloads, 'jobs-2025-01-01.csv'));
  await writeFileAtomically(path ?? '', 'id\n');
  expect(readdirSync(downloads)).toEqual(['jobs-2025-01-01.csv']);
  expect(statSync(downloads).mode & 0o777).toBe(0o700);
  expect(statSync(path ?? '').mode & 0o777).toBe(0o600);
});

it('a link at the name, even one leading nowhere, is a taken name', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'jrs-host-dialogs-'));
  dirs.push(folder);
  symlinkSync(join(folder, 'nowhere', 'x.csv'), join(folder, 'jobs.csv'));
  const path = await hostDialogs(folder).chooseSaveFile({
    title: 'Export',
    defaultName: 'jobs.csv',
    filters: [],
  });
  expect(path).toBe(join(folder, 'jobs (2).csv'));
});

it('a batch named in 100 Chinese characters: the name fits the disk, keeps .xlsx, and is written', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'jrs-host-dialogs-'));
  dirs.push(folder);
  const name = `${'春季新品发布会'.repeat(15).slice(0, 100)} results.xlsx`;
  const path = await hostDialogs(folder).chooseSaveFile({ title: 'Export', defaultName: name, filters: [] });
  const base = path?.slice(folder.length + 1) ?? '';
  expect(base.endsWith('.xlsx')).toBe(true);
  expect(Buffer.byteLength(`${base} (9999)`)).toBeLessThanOrEqual(255);
  await writeFileAtomically(path ?? '', 'x');
  expect(readdirSync(folder)).toEqual([base]);
});

it('knows the type of each output kind by its extension', () => {
  expect(contentTypeOfExtension('.mp4')).toBe('video/mp4');
  expect(contentTypeOfExtension('WAV')).toBe('audio/wav');
  expect(contentTypeOfExtension('.jpeg')).toBe('image/jpeg');
  expect(contentTypeOfExtension('.jpg')).toBe('image/jpeg');
  expect(contentTypeOfExtension('.exe')).toBeNull();
});
