// The browser host's answer to a save dialog: the Downloads folder, under a name not yet taken (the
// downloader's own `name (2).ext` rule); and the preview route's types, from the shared media table.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { hostDialogs } from '../../electron/browser-host/host-dialogs';
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

it('knows the type of each output kind by its extension', () => {
  expect(contentTypeOfExtension('.mp4')).toBe('video/mp4');
  expect(contentTypeOfExtension('WAV')).toBe('audio/wav');
  expect(contentTypeOfExtension('.jpeg')).toBe('image/jpeg');
  expect(contentTypeOfExtension('.jpg')).toBe('image/jpeg');
  expect(contentTypeOfExtension('.exe')).toBeNull();
});
