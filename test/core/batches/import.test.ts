// The import wizard's core against the real sandbox: a CSV and a folder of photos (real files, read by
// path) opened on a project, mapped and checked; a bad row fixed in the preview and another left out; the
// batch submitted (each photo content uploaded once), its jobs made as the form makes them; the mapping
// remembered for the project's next sheet; a broken sheet and an account without storage said in words.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../../electron/core/accounts/secret-store';
import type { AppCore } from '../../../electron/core/app/app-core.types';
import { createAppCore } from '../../../electron/core/app/create-app-core';
import { dispatch } from '../../../electron/core/app/dispatch';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import type { JobView } from '../../../electron/shared/domain/job';
import type { Channel, PayloadOf } from '../../../electron/shared/ipc/contract';
import { value } from '../../fixtures/ipc-value';
import { testSandboxLauncher } from '../../fixtures/sandbox-launcher';
import { IDS, KEY_A, makeTestSeed } from '../../fixtures/test-seed';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Another picture: the same PNG with one more (ignored) byte at its end, so its content differs. */
const PNG_2 = Buffer.concat([PNG, Buffer.from([0])]);

let dir: string;
let core: AppCore;
const progress: PayloadOf<'imports:progress'>[] = [];
const call = async <C extends Channel>(channel: C, params?: unknown) => dispatch(core, channel, params);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jrs-import-'));
  core = await createAppCore({
    dataDir: join(dir, 'data'),
    downloadsDir: join(dir, 'Downloads'),
    secrets: new MemorySecretStore(),
    sandbox: testSandboxLauncher(makeTestSeed({ durationMs: 50 })),
    flushMs: 10,
  });
  core.onEvent((event, payload) => {
    if (event === 'imports:progress') progress.push(payload as PayloadOf<'imports:progress'>);
  });
});
afterEach(async () => {
  progress.splice(0);
  await core.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function photosFolder(): Promise<{ path: string; relativePath: string }[]> {
  const folder = join(dir, 'Campaign', 'photos');
  await mkdir(folder, { recursive: true });
  const files = { 'anna.png': PNG, 'ben.png': PNG_2, 'anna-copy.png': PNG, 'unused.png': PNG_2 };
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(folder, name), bytes);
  return Object.keys(files).map((name) => ({ path: join(folder, name), relativePath: `photos/${name}` }));
}

it('opens a CSV and a folder of photos, fixes and leaves out rows, and submits them as jobs', async () => {
  value(await call('accounts:useSandbox'));
  const sheetPath = join(dir, 'Campaign', 'people.csv');
  const files = await photosFolder();
  await writeFile(
    sheetPath,
    '\uFEFFName;Head line;Photo\nAna;Olá;photos/anna.png\nBen;Hi;BEN.PNG\nCy;Hey;nobody.png\nDee;Yo;anna-copy.png\nEve;Bye;anna.png\n',
  );
  const opened = value(
    await call('imports:open', {
      projectId: IDS.image,
      sheet: { kind: 'path', path: sheetPath },
      files: files.map((file) => ({ kind: 'path', ...file })),
    }),
  );
  expect(opened).toMatchObject({
    projectName: expect.any(String),
    fileName: 'people.csv',
    unmatchedColumns: ['Name'],
    files: { count: 4, unused: ['photos/unused.png'] },
    uploads: { available: true },
    ready: 4,
  });
  expect(opened.sheet).toMatchObject({ encoding: 'UTF-8 with BOM', separator: ';' });
  expect(opened.mapping).toMatchObject({
    headline: { from: 'column', column: 'Head line' },
    photo: { from: 'column', column: 'Photo' },
  });
  const notFound = opened.issues.filter((issue) => issue.code === 'file-not-found');
  expect(notFound.map((issue) => issue.message)).toEqual([
    'Row 4: “Photo” names “nobody.png”, which is not among the dropped files. Drop it too, or correct the name.',
  ]);

  // The person fixes row 4's file name, leaves Eve out, and maps the voice to one constant address.
  const fix = { rowKey: opened.rowKeys[2]!, column: 'Photo', from: 'nobody.png', to: 'ben.png' };
  const updated = value(
    await call('imports:update', {
      importId: opened.importId,
      fixes: [fix],
      excluded: [opened.rowKeys[4]!],
      mapping: { voice: { from: 'constant', value: 'https://cdn.example.com/voice.mp3' } },
    }),
  );
  expect(updated.issues.filter((issue) => issue.level === 'error')).toEqual([]);
  expect(updated).toMatchObject({ ready: 4, fixes: [fix], excluded: [opened.rowKeys[4]] });

  const batch = value(
    await call('imports:submit', {
      importId: opened.importId,
      name: 'People',
      nameTemplate: '{row.name}.{ext}',
    }),
  );
  expect(batch).toMatchObject({ name: 'People', rows: 4, columns: ['Name', 'Head line', 'Photo'] });
  expect(progress.filter((event) => event.stage === 'uploading').at(-1)).toMatchObject({ done: 3, total: 3 });

  let jobs: JobView[] = [];
  await vi.waitFor(
    async () => {
      jobs = (value(await call('jobs:list')) as JobView[]).filter((job) => job.batchId === batch.id);
      expect(jobs.filter((job) => job.status === 'SUCCESS')).toHaveLength(4);
    },
    { timeout: 20_000, interval: 20 },
  );
  jobs.sort((a, b) => (a.batchRow ?? 0) - (b.batchRow ?? 0));
  expect(jobs.map((job) => [job.batchRow, job.values['headline']])).toEqual([
    [0, 'Olá'],
    [1, 'Hi'],
    [2, 'Hey'],
    [3, 'Yo'],
  ]);
  const photoOf = (job: JobView) => (job.values['photo'] as { image_url: string }).image_url;
  // anna.png and anna-copy.png hold the same bytes: one upload, one address; ben.png another.
  expect(photoOf(jobs[0]!)).toBe(photoOf(jobs[3]!));
  expect(photoOf(jobs[1]!)).toBe(photoOf(jobs[2]!));
  expect(photoOf(jobs[0]!)).not.toBe(photoOf(jobs[1]!));
  expect(jobs[0]?.values['voice']).toEqual({ audio_url: 'https://cdn.example.com/voice.mp3', effects: [] });

  // The project's next sheet is mapped as this one was, the constant included.
  const next = value(
    await call('imports:open', {
      projectId: IDS.image,
      sheet: {
        kind: 'bytes',
        name: 'more.csv',
        bytes: new TextEncoder().encode('Head line,Photo\nZed,https://e.com/z.png\n'),
      },
    }),
  );
  expect(next.mapping['voice']).toEqual({ from: 'constant', value: 'https://cdn.example.com/voice.mp3' });
  value(await call('imports:close', { importId: next.importId }));
  expect((await call('imports:update', { importId: next.importId })).ok).toBe(false);
});

it('says what is wrong with a broken sheet, and that an account without storage needs addresses', async () => {
  const remote: RunningSandbox = await startSandbox({ seed: makeTestSeed() });
  try {
    value(await call('accounts:add', { name: 'Team', baseUrl: remote.url, apiKey: KEY_A }));
    const broken = await call('imports:open', {
      projectId: IDS.image,
      sheet: { kind: 'bytes', name: 'bad.csv', bytes: new TextEncoder().encode('a,b\n1,"open\n') },
    });
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error.message).toMatch(/^Line 2 opens a quote/);

    const files = await photosFolder();
    const opened = value(
      await call('imports:open', {
        projectId: IDS.image,
        sheet: {
          kind: 'bytes',
          name: 'people.csv',
          bytes: new TextEncoder().encode(
            'Headline,Photo\nAna,photos/anna.png\nBen,https://cdn.example.com/b.png\n',
          ),
        },
        files: files.map((file) => ({ kind: 'path', ...file })),
      }),
    );
    expect(opened.uploads.available).toBe(false);
    expect(opened.ready).toBe(1);
    expect(opened.issues.find((issue) => issue.level === 'error')?.message).toMatch(
      /^Row 2: photos\/anna.png would need uploading, and File uploads need asset storage/,
    );
  } finally {
    await remote.close();
  }
});
