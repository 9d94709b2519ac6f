// The everyday commands against the real sandbox, through an account added with `jrs accounts add`:
// projects and fields, submit (waiting and saving the file, byte-identical), jobs with its filters, track,
// requeue, download --finished, export --csv; a submission cut off mid-request settled with track,
// resubmit and discard; the failures' exit codes.
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call, waitForStatus } from '../fixtures/sandbox-http';
import { storedBytes } from '../fixtures/sandbox-outputs';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';
import { cliWorld, jrs, records, withCore, type CliWorld, type JsonLine } from './cli-harness';

let remote: RunningSandbox;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  const added = await jrs(world, ['accounts', 'add', '--name', 'Team', '--url', remote.url], {
    stdin: KEY_A,
  });
  expect(added.code).toBe(EXIT.ok);
  // Files are saved only when asked (else every finished job would be saved at once, where the
  // settings say), so that `download --to` is seen choosing the folder.
  await withCore(world, async (call) => {
    await call('downloads:saveSettings', { ...(await call('downloads:settings')), auto: false });
  });
});
afterAll(async () => {
  world.remove();
  await remote.close();
});

const onlyOne = (lines: JsonLine[]) => {
  expect(lines).toHaveLength(1);
  return lines[0]!;
};

it('lists the projects and a project’s fields, by name or by id', async () => {
  const projects = await jrs(world, ['projects']);
  expect(projects.code).toBe(EXIT.ok);
  expect(projects.stdout.split('\n')[0]).toMatch(/^NAME\s+TYPE\s+ACTIVE\s+ID$/);
  expect(projects.stdout).toMatch(/^Spring promo\s+ai_talking_video\s+always\s+11111111-/m);
  expect(projects.stdout).toMatch(/^\(no name\)\s+image\s+always\s+22222222-/m);

  const fields = await jrs(world, ['fields', 'spring PROMO', '--json']);
  expect(fields.json).toEqual([
    { type: 'field', projectId: IDS.video, id: 'headline', label: 'Headline', kind: 'text' },
    { type: 'field', projectId: IDS.video, id: 'photo', label: 'Photo', kind: 'image' },
    { type: 'field', projectId: IDS.video, id: 'voice', label: 'Voice-over', kind: 'audio' },
  ]);
  const human = await jrs(world, ['fields', IDS.image]);
  expect(human.stdout).toContain('FIELD     LABEL       KIND');
  expect(human.stdout).toMatch(/^photo\s+Photo\s+image$/m);
  const unknown = await jrs(world, ['fields', 'Autumn promo']);
  expect(unknown.code).toBe(EXIT.usage);
  expect(unknown.stderr).toBe(
    'error: No active project is called “Autumn promo”.\nSee the projects with: jrs projects\n',
  );
});

it('submits a job, waits for it and saves its file, byte-identical to the sandbox’s', async () => {
  const folder = join(world.dir, 'renders');
  const result = await jrs(world, [
    'submit',
    IDS.image,
    '--set',
    'headline=Hello Lisbon',
    '--set',
    'Photo=https://example.com/a.png',
    '--download',
    'renders',
    '--json',
  ]);
  expect(result.code).toBe(EXIT.ok);
  const jobs = records(result, 'job');
  expect(jobs[0]).toMatchObject({ tracking: 'active', status: 'QUEUED', projectId: IDS.image });
  expect(jobs[0]!['values']).toEqual({
    headline: 'Hello Lisbon',
    photo: { image_url: 'https://example.com/a.png' },
  });
  const done = jobs.at(-1)!;
  expect(done).toMatchObject({ tracking: 'final', status: 'SUCCESS', statusText: 'Succeeded' });
  const file = onlyOne(records(result, 'download'));
  expect(file).toMatchObject({ jobId: done['id'], uuid: done['uuid'], state: 'done', error: null });
  expect(String(file['path']).startsWith(folder)).toBe(true);
  const saved = readFileSync(String(file['path']));
  expect(saved.equals(await storedBytes(remote, String(done['outputPath'])))).toBe(true);
  // "Voice-over" was not given: an audio field left out, as on the form, and said.
  expect(result.stderr).toContain('Left empty: Voice-over.');
});

it('says what is wrong with a submission: an unknown field, a file with no storage, a failed job', async () => {
  const field = await jrs(world, ['submit', IDS.image, '--set', 'title=Hi']);
  expect(field.code).toBe(EXIT.usage);
  expect(field.stderr.split('\n').slice(0, 2)).toEqual([
    'error: “title” is not a field of 22222222-2222-4222-8222-222222222222.',
    `Its fields: Headline (headline), Photo (photo), Voice-over (voice) (see: jrs fields ${IDS.image}).`,
  ]);
  const photo = join(world.dir, 'photo.png');
  await writeFile(
    photo,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  const upload = await jrs(world, ['submit', IDS.image, '--set', 'photo=@photo.png']);
  expect(upload.code).toBe(EXIT.error);
  expect(upload.stderr).toContain('File uploads need asset storage');
  const failing = await jrs(world, ['submit', 'Always fails', '--set', 'headline=x', '--wait']);
  expect(failing.code).toBe(EXIT.jobsFailed);
  expect(failing.stderr).toMatch(/Failed/);
});

it('lists the history with filters, for people and for scripts', async () => {
  const all = await jrs(world, ['jobs', '--json']);
  expect(all.code).toBe(EXIT.ok);
  expect(records(all, 'job').length).toBeGreaterThanOrEqual(2);
  const succeeded = await jrs(world, ['jobs', '--status', 'SUCCESS', '--json']);
  expect(succeeded.json.every((job) => job['status'] === 'SUCCESS')).toBe(true);
  const failed = await jrs(world, ['jobs', '--status', 'failed', '--project', 'always', '--json']);
  expect(onlyOne(failed.json)).toMatchObject({ projectName: 'Always fails', statusText: 'Failed' });
  const searched = await jrs(world, ['jobs', '--search', 'lisbon', '--json']);
  expect(onlyOne(searched.json)['summary']).toBe('Hello Lisbon');
  const table = await jrs(world, ['jobs', '--limit', '1']);
  const [header, row] = table.stdout.split('\n');
  expect(header).toMatch(/^ID\s+STATUS\s+PROJECT\s+CREATED\s+CREDITS\s+VALUES$/);
  expect(row).toMatch(/^[0-9a-f]{8}\s+Failed\s+Always fails\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+0\s+x$/);
  expect(table.stderr).toMatch(/… and \d+ more \(use --limit\)\./);
});

it('tracks a job made elsewhere, requeues a failed one, downloads every finished file and exports CSV', async () => {
  const made = await call(remote, 'POST', '/jobs/v2', {
    key: KEY_A,
    body: { template_id: IDS.image, job_type: 'image', values: { headline: 'Made elsewhere' } },
  });
  const uuid = (made.body as { job: { uuid: string } }).job.uuid;
  const tracked = await jrs(world, ['track', uuid, '--json']);
  expect(tracked.code).toBe(EXIT.ok);
  expect(records(tracked, 'job').at(-1)).toMatchObject({
    uuid,
    status: 'SUCCESS',
    summary: 'Made elsewhere',
  });

  const failed = onlyOne((await jrs(world, ['jobs', '--status', 'failed', '--json'])).json);
  const requeued = await jrs(world, ['requeue', String(failed['uuid']).slice(0, 8), '--yes', '--json']);
  expect(requeued.code).toBe(EXIT.ok);
  expect(requeued.json).toEqual([{ type: 'requeue', requeued: [failed['id']], lost: [], skipped: [] }]);
  await waitForStatus(remote, KEY_A, String(failed['uuid']), ['FAILED']);
  // People read counts in their plural form: "1 job", not "1 job(s)".
  const requeuedAgain = await jrs(world, ['requeue', String(failed['uuid']).slice(0, 8), '--yes']);
  expect(requeuedAgain.stdout).toContain(`Requeued 1 job: ${String(failed['uuid']).slice(0, 8)}.`);
  await waitForStatus(remote, KEY_A, String(failed['uuid']), ['FAILED']);

  const folder = join(world.dir, 'all');
  const downloaded = await jrs(world, ['download', '--finished', '--to', 'all', '--json']);
  expect(downloaded.code).toBe(EXIT.ok);
  const files = records(downloaded, 'download');
  const finished = (await jrs(world, ['jobs', '--status', 'succeeded', '--json'])).json;
  expect(files.map((file) => file['jobId']).sort()).toEqual(finished.map((job) => job['id']).sort());
  for (const file of files) {
    expect(file['state']).toBe('done');
    const job = finished.find((candidate) => candidate['id'] === file['jobId'])!;
    // The one saved by `submit --download` stays where it is; the others come here.
    if (job['summary'] !== 'Hello Lisbon') expect(String(file['path']).startsWith(folder)).toBe(true);
    expect(
      readFileSync(String(file['path'])).equals(await storedBytes(remote, String(job['outputPath']))),
    ).toBe(true);
  }

  const csv = join(world.dir, 'jobs.csv');
  const exported = await jrs(world, ['export', '--csv', 'jobs.csv', '--json']);
  expect(exported.json).toEqual([
    {
      type: 'export',
      path: csv,
      rows: (await jrs(world, ['jobs', '--json', '--limit', '1000'])).json.length,
    },
  ]);
  const text = readFileSync(csv, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Made elsewhere');

  const one = await jrs(world, ['export', '--csv', 'one.csv', '--search', 'Made elsewhere']);
  expect(one.stdout).toContain(`Wrote 1 job to ${join(world.dir, 'one.csv')}.`);
  const again = await jrs(world, ['download', '--finished', '--to', 'all']);
  expect(again.stderr + again.stdout).toContain('1 file had been saved before, outside');
});

it('settles submissions cut off mid-request: track the one the service has, resubmit or discard the others', async () => {
  const before = remote.inspect.jobCount(KEY_A);
  // The service creates the job, then the connection breaks: the outcome is unknown to the app.
  remote.faults.script({ kind: 'reset-after' }, { method: 'POST', path: '/jobs/v2' });
  const cut = await jrs(world, ['submit', IDS.image, '--set', 'headline=Cut off', '--json']);
  expect(cut.code).toBe(EXIT.jobsFailed);
  expect(onlyOne(records(cut, 'job'))).toMatchObject({ tracking: 'unknown', uuid: null });
  expect(cut.stderr).toMatch(/Check it, then: jrs resubmit [0-9a-f]{8} {2}or {2}jrs discard [0-9a-f]{8}/);
  expect(remote.inspect.jobCount(KEY_A)).toBe(before + 1);
  const uuid = remote.inspect.jobIds(KEY_A).at(-1)!;
  const found = await jrs(world, ['track', uuid, '--json']);
  expect(records(found, 'job').at(-1)).toMatchObject({
    id: records(cut, 'job')[0]!['id'],
    uuid,
    status: 'SUCCESS',
  });

  // Refused before taking effect, then resubmitted: exactly one job at the service.
  remote.faults.script({ kind: 'reset-before' }, { method: 'POST', path: '/jobs/v2' });
  const lostOne = await jrs(world, ['submit', IDS.image, '--set', 'headline=Again', '--json']);
  const id = String(onlyOne(records(lostOne, 'job'))['id']);
  expect(remote.inspect.jobCount(KEY_A)).toBe(before + 1);
  const unknown = await jrs(world, ['jobs', '--status', 'unknown', '--json']);
  expect(unknown.json.map((job) => job['id'])).toEqual([id]);
  const resent = await jrs(world, ['resubmit', id.slice(0, 8), '--json']);
  expect(resent.code).toBe(EXIT.ok);
  expect(onlyOne(resent.json)).toMatchObject({ id, tracking: 'active' });
  expect(remote.inspect.jobCount(KEY_A)).toBe(before + 2);

  remote.faults.script({ kind: 'reset-before' }, { method: 'POST', path: '/jobs/v2' });
  const third = String(onlyOne(records(await jrs(world, ['submit', IDS.image, '--json']), 'job'))['id']);
  const discarded = await jrs(world, ['discard', third, '--json']);
  expect(discarded.json).toEqual([{ type: 'discarded', id: third }]);
  expect((await jrs(world, ['jobs', '--status', 'unknown', '--json'])).json).toEqual([]);
  expect(existsSync(join(world.dataDir, 'history.sqlite'))).toBe(true);
});
