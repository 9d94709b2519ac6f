// Every command run with --json against the real sandbox, and every line it prints checked against the
// JSON Schema `jrs schema <command>` prints for it (ajv): the records scripts read are the ones described.
// Between them the runs print every record type there is, so none is described and never checked.
import { mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { RECORDS } from '../../electron/cli/records/json-record';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call } from '../fixtures/sandbox-http';
import { IDS, KEY_A, KEY_B, makeTestSeed } from '../fixtures/test-seed';
import { CapturedStream, cliWorld, jrs, records, type CliWorld, type RunOptions } from './cli-harness';
import { SchemaCheck } from './schema-check';
import { pgClusterForThisFile } from '../fixtures/pg-cluster-per-file';

const cluster = pgClusterForThisFile();
let remote: RunningSandbox;
let world: CliWorld;
let check: SchemaCheck;
beforeAll(async () => {
  remote = await startSandbox({ seed: makeTestSeed({ durationMs: 50 }) });
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  check = new SchemaCheck(world);
});
afterAll(async () => {
  world.remove();
  await remote.close();
});

/** Runs `jrs <argv> --json`, checks every line against the command's schema, answers the run. */
async function checked(argv: string[], options: RunOptions = {}) {
  const result = await jrs(world, [...argv, '--json'], options);
  const command = argv.find((word) => !word.startsWith('-'))!;
  const types = await check.lines(command, result);
  return { ...result, types };
}

/** A command that runs until Ctrl-C: started, its first record awaited, then stopped. */
async function untilStopped(argv: string[], first: RegExp, options: RunOptions = {}) {
  const stop = new AbortController();
  const stdout = new CapturedStream();
  const running = checked(argv, { ...options, stdout, signal: stop.signal });
  const ended = running.then(
    (result) => new Error(`jrs ${argv[0]} ended (${result.code}): ${result.stderr}`),
  );
  const started = await Promise.race([stdout.until(first), ended]);
  if (started instanceof Error) throw started;
  stop.abort();
  return running;
}

it('prints only described records, from every command, and every record is printed by one', async () => {
  const add = await checked(['accounts', 'add', '--name', 'Team', '--url', remote.url], { stdin: KEY_A });
  expect(add.types).toEqual(['account']);
  await checked(['accounts', 'add', '--name', 'Other', '--url', remote.url], { stdin: KEY_B });
  expect((await checked(['accounts', 'use', 'Team'])).types).toEqual(['account']);
  expect((await checked(['accounts', 'list'])).types).toEqual(['account', 'account']);
  expect((await checked(['accounts', 'storage', 'Team'])).types).toEqual(['storage']);
  expect((await checked(['accounts', 'remove', 'Other'])).types).toEqual(['removed']);

  expect((await checked(['projects'])).types).toContain('project');
  expect((await checked(['fields', IDS.image])).types).toEqual(['field', 'field', 'field']);

  const submit = await checked(['submit', IDS.image, '--set', 'headline=Hello', '--download', 'renders']);
  expect(submit.code).toBe(EXIT.ok);
  expect(submit.types).toEqual(['job', 'job', 'download']);

  await writeFile(join(world.dir, 'people.csv'), 'Name,Title\nAna,Olá\nBen,Hi\nCy,\n');
  const batch = await checked([
    'batch',
    IDS.image,
    '--sheet',
    'people.csv',
    '--map',
    'Title=headline',
    '--download',
    'out',
    '--yes',
  ]);
  expect(batch.code, batch.stderr).toBe(EXIT.ok);
  expect(new Set(batch.types)).toEqual(new Set(['preview', 'batch', 'row', 'download', 'summary']));

  const failing = await checked(['submit', 'Always fails', '--set', 'headline=x', '--wait']);
  expect(failing.code).toBe(EXIT.jobsFailed);
  const failed = records(failing, 'job').at(-1)!;
  expect((await checked(['requeue', String(failed['id']), '--yes'])).types).toEqual(['requeue']);

  const made = await call(remote, 'POST', '/jobs/v2', {
    key: KEY_A,
    body: { template_id: IDS.image, job_type: 'image', values: { headline: 'Made elsewhere' } },
  });
  const uuid = (made.body as { job: { uuid: string } }).job.uuid;
  expect((await checked(['track', uuid])).types).toContain('job');

  // Sent while the connection breaks: the outcome is unknown, then resubmitted, or discarded.
  const unknownIds: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    remote.faults.script({ kind: 'reset-before' }, { method: 'POST', path: '/jobs/v2' });
    const cut = await checked(['submit', IDS.image, '--set', 'headline=Cut off']);
    expect(cut.code).toBe(EXIT.jobsFailed);
    unknownIds.push(String(records(cut, 'job')[0]!['id']));
  }
  expect((await checked(['resubmit', unknownIds[0]!])).types).toEqual(['job']);
  expect((await checked(['discard', unknownIds[1]!])).types).toEqual(['discarded']);

  expect((await checked(['jobs'])).types.every((type) => type === 'job')).toBe(true);
  const download = await checked(['download', '--finished', '--to', 'all']);
  expect(download.code).toBe(EXIT.ok);
  expect(new Set(download.types)).toEqual(new Set(['download']));
  expect((await checked(['export', '--csv', 'jobs.csv'])).types).toEqual(['export']);

  writeFileSync(join(world.dir, 'seed.json'), JSON.stringify(makeTestSeed()));
  const sandbox = await untilStopped(['sandbox', '--port', '0', '--seed', 'seed.json'], /"type":"sandbox"/);
  expect(sandbox.types).toEqual(['sandbox']);
  const rendererDir = join(world.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>served</title>');
  const serve = await untilStopped(['serve', '--port', '0', '--no-open'], /"type":"serve"/, { rendererDir });
  expect(serve.types).toEqual(['serve']);
  expect((await checked(['schema', 'jobs'])).types).toEqual(['schema']);
  // No team database saved here: status says the history is on this computer; forget has nothing to remove.
  expect((await checked(['team', 'status'])).types).toEqual(['team']);
  expect((await checked(['team', 'forget'])).types).toEqual(['forgotten']);
  expect((await checked(['team', 'name'])).types).toEqual(['teamName']);
  const teamDatabase = { JRS_DATABASE_URL: await cluster().createDatabase() };
  expect((await checked(['team', 'copy-history'], { env: teamDatabase })).types).toEqual(['copied']);

  // Failures are records too: bad arguments (2), a refusal of the core, no account (3).
  const usage = await checked(['jobs', '--limit', '0']);
  expect([usage.code, usage.types]).toEqual([EXIT.usage, ['error']]);
  const notFound = await checked(['track', '00000000-0000-4000-8000-000000000000']);
  expect(notFound.types).toEqual(['error']);
  await checked(['accounts', 'remove', 'Team']);
  const noAccount = await checked(['projects']);
  expect([noAccount.code, noAccount.types]).toEqual([EXIT.auth, ['error']]);

  expect([...check.seen].sort()).toEqual(Object.keys(RECORDS).sort());
}, 60_000);
