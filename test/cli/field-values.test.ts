// Values the service would render wrongly, at the command line against the real sandbox (issue 17, item 2):
// `jrs submit` with a colour that is none exits 2 naming the field by its label and id, and sends nothing;
// a colour name goes as #rrggbb; a text longer than a banner shows is warned of and still goes; `jrs batch`
// lists such cells among its preview's problems. Fields are named by their labels (item 11).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { EXIT } from '../../electron/cli/exit-codes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call } from '../fixtures/sandbox-http';
import { cliWorld, jrs, records, type CliWorld } from './cli-harness';

const KEY = 'test-key-field-values-0001';
const BANNER = 'b4b4b4b4-b4b4-4b4b-8b4b-b4b4b4b4b4b4';
const fast = { outcome: 'SUCCESS' as const, durationMs: 50, creditCost: 1 };

let remote: RunningSandbox;
let world: CliWorld;
beforeAll(async () => {
  remote = await startSandbox({
    seed: {
      accounts: [
        {
          apiKey: KEY,
          credits: 100,
          projects: [
            {
              projectId: BANNER,
              projectName: 'Social Banner',
              projectType: 'image',
              fields: {
                headline: { label: 'Headline', instructionType: 'text' },
                subline: { label: 'Subline', instructionType: 'text' },
                accent_color: { label: 'Accent colour', instructionType: 'color' },
              },
              simulate: fast,
            },
          ],
        },
      ],
    },
  });
});
afterAll(() => remote.close());
beforeEach(() => {
  world = cliWorld({ sandbox: { start: () => Promise.reject(new Error('not in this test')) } });
  world.env['JRS_BASE_URL'] = remote.url;
  world.env['JRS_API_KEY'] = KEY;
});
afterEach(() => world.remove());

async function storedValues(id: string): Promise<Record<string, unknown>> {
  const job = await call(remote, 'GET', `/jobs/${id}`, { key: KEY });
  return (job.body as { values: Record<string, unknown> }).values;
}

it('refuses a colour that is none, naming the field by label and id, and sends nothing', async () => {
  for (const bad of ['#12GG45', 'ocean blue']) {
    const result = await jrs(world, [
      'submit',
      'Social Banner',
      '--set',
      'headline=Spring sale',
      '--set',
      `Accent colour=${bad}`,
    ]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: Accent colour (accent_color): “${bad}” is not a colour. Use a colour name like teal or a code like #1a7f5a.`,
    );
  }
  expect(remote.inspect.jobCount(KEY)).toBe(0);
});

it('sends a colour name as #rrggbb, and warns of a text longer than a banner shows', async () => {
  const result = await jrs(world, [
    'submit',
    BANNER,
    '--set',
    `headline=${'x'.repeat(480)}`,
    '--set',
    'subline=Forty percent off',
    '--set',
    'accent_color=Teal',
    '--json',
  ]);
  expect(result.code).toBe(EXIT.ok);
  expect(result.stderr).toContain(
    'Headline (headline): 480 characters; a banner shows about 60 well. Shorten it or it will be cut.',
  );
  const [job] = records(result, 'job');
  const values = await storedValues(String(job!['uuid']));
  expect(values).toEqual({
    headline: 'x'.repeat(480),
    subline: 'Forty percent off',
    accent_color: '#008080',
  });
});

it('names the fields by their labels when one given is not there', async () => {
  const result = await jrs(world, ['submit', BANNER, '--set', 'title=Hi']);
  expect(result.code).toBe(EXIT.usage);
  expect(result.stderr).toContain(
    `Its fields: Headline (headline), Subline (subline), Accent colour (accent_color) (see: jrs fields ${BANNER}).`,
  );
  await writeFile(join(world.dir, 'one.csv'), 'Head,Colour\nHi,teal\n');
  const mapped = await jrs(world, ['batch', BANNER, '--sheet', 'one.csv', '--map', 'Head=title']);
  expect(mapped.code).toBe(EXIT.usage);
  expect(mapped.stderr).toContain(
    'Its fields: Headline (headline), Subline (subline), Accent colour (accent_color).',
  );
});

it('lists a sheet’s cells with no colour and too long a text among the preview’s problems', async () => {
  await writeFile(
    join(world.dir, 'banners.csv'),
    [
      'Headline,Subline,Accent colour',
      'Hello Ana,Spring,teal',
      'Hello Ben,Spring,ocean blue',
      `${'y'.repeat(480)},Spring,#1A7F5A`,
    ].join('\n'),
  );
  const before = remote.inspect.jobIds(KEY).length;
  const human = await jrs(world, ['batch', BANNER, '--sheet', 'banners.csv', '--no-download'], {
    stdin: 'n\n',
  });
  expect(human.stderr).toContain(
    '✖ Row 3: Accent colour: “ocean blue” is not a colour. Use a colour name like teal or a code like #1a7f5a.',
  );
  expect(human.stderr).toContain(
    '! Row 4: Headline: 480 characters; a banner shows about 60 well. Shorten it or it will be cut.',
  );
  expect(remote.inspect.jobCount(KEY)).toBe(before);
  const result = await jrs(world, [
    'batch',
    BANNER,
    '--sheet',
    'banners.csv',
    '--no-download',
    '--yes',
    '--json',
  ]);
  const [preview] = records(result, 'preview');
  expect(preview).toMatchObject({ rows: 3, ready: 2, errors: 1 });
  expect(preview!['issues']).toContainEqual(
    expect.objectContaining({ row: 1, field: 'accent_color', level: 'error', code: 'bad-colour' }),
  );
  expect(preview!['issues']).toContainEqual(
    expect.objectContaining({ row: 2, field: 'headline', level: 'warning', code: 'too-long' }),
  );
  // The rows sent carry the colour as #rrggbb.
  const sent = await Promise.all(remote.inspect.jobIds(KEY).slice(before).map(storedValues));
  expect(sent.map((values) => values['accent_color']).sort()).toEqual(['#008080', '#1a7f5a']);
});
