// `jrs schema [command]`: valid JSON Schema (a strict ajv compiles it) for every command and for all of
// them, one $defs entry per record type; an unknown command is a usage error; and it is as cheap as
// --help: no history, keychain or network is touched. The documented exit codes match exit-codes.ts.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { COMMAND_RECORDS } from '../../electron/cli/records/command-records';
import { RECORDS } from '../../electron/cli/records/json-record';
import type { SecretStore } from '../../electron/core/accounts/secret-store';
import { cliWorld, jrs, type CliWorld } from './cli-harness';
import { printedSchema, strictAjv } from './schema-check';

let world: CliWorld;
beforeEach(() => {
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('no sandbox for jrs schema')) } });
});
afterEach(() => world.remove());

it('names the records of every command jrs --help lists, and only those', async () => {
  const help = await jrs(world, ['--help']);
  const list = /^Commands:\n([^]*?)\n\n/m.exec(help.stdout)?.[1] ?? '';
  const commands = [...list.matchAll(/^ {2}([a-z]+)/gm)].map((match) => match[1]);
  expect(Object.keys(COMMAND_RECORDS).sort()).toEqual(commands.filter((name) => name !== 'help').sort());
});

it('prints valid JSON Schema for every command and for all of them', async () => {
  const all = await printedSchema(world);
  expect(() => strictAjv().compile(all)).not.toThrow();
  expect(all['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
  const defs = all['$defs'] as Record<string, { properties: { type: { const: string } } }>;
  expect(Object.keys(defs).sort()).toEqual(Object.keys(RECORDS).sort());
  for (const [name, def] of Object.entries(defs)) expect(def.properties.type.const).toBe(name);
  expect(all['oneOf']).toHaveLength(Object.keys(RECORDS).length);

  for (const [command, types] of Object.entries(COMMAND_RECORDS)) {
    const schema = await printedSchema(world, command);
    expect(() => strictAjv().compile(schema), command).not.toThrow();
    expect(Object.keys(schema['$defs'] as object).sort()).toEqual([...types, 'error'].sort());
  }
  // With --json, as every command's: one record on one line, holding the schema.
  const json = await jrs(world, ['schema', 'jobs', '--json']);
  expect(json.json).toEqual([
    { type: 'schema', command: 'jobs', schema: await printedSchema(world, 'jobs') },
  ]);
});

it('refuses a command jrs does not have, exit 2, naming the ones it has', async () => {
  const result = await jrs(world, ['schema', 'frob', '--json']);
  expect(result.code).toBe(EXIT.usage);
  expect(result.json).toEqual([
    { type: 'error', kind: 'usage', message: 'No command is called “frob”.', exitCode: EXIT.usage },
  ]);
  expect(result.stderr).toContain('Give one of: accounts, projects, fields, submit, batch, jobs');
});

it('opens no history, keychain or network', async () => {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.end('{}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const touched: string[] = [];
  const refuse = (name: string) => () => {
    touched.push(name);
    return Promise.reject(new Error(`jrs schema asked the keychain (${name})`));
  };
  const secrets: SecretStore = {
    availability: refuse('availability'),
    get: refuse('get'),
    set: refuse('set'),
    delete: refuse('delete'),
  };
  world.secrets = secrets;
  try {
    const { port } = server.address() as AddressInfo;
    const env = { JRS_BASE_URL: `http://127.0.0.1:${port}`, JRS_API_KEY: 'key-of-this-test-0001' };
    for (const argv of [['schema'], ['schema', 'batch', '--json']]) {
      const result = await jrs(world, argv, { env });
      expect(result.code, result.stderr).toBe(EXIT.ok);
    }
  } finally {
    await new Promise((done) => server.close(done));
  }
  expect(existsSync(world.dataDir)).toBe(false);
  expect(touched).toEqual([]);
  expect(requests).toEqual([]);
});

it('documents the exit codes exit-codes.ts has, in the README and in --help', async () => {
  const said = (text: string) => {
    const sentence = /Exit codes: ([^]*?130 [^.]*?)[.(]/.exec(text.replace(/\s+/g, ' '))?.[1] ?? '';
    return [...sentence.matchAll(/(\d+) [a-z]/g)].map((match) => Number(match[1])).sort((a, b) => a - b);
  };
  const codes = Object.values(EXIT).sort((a, b) => a - b);
  const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
  expect(said(readme)).toEqual(codes);
  const help = await jrs(world, ['--help']);
  expect(said(help.stdout)).toEqual(codes);
  expect(existsSync(join(world.dataDir))).toBe(false);
});
