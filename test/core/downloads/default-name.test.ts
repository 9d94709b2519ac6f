// The default file name says what the file is: the project, the row's name (a Name column of its sheet) or
// else the job's first text value, and a short id that keeps names apart; not the long job id alone. A name
// stays within the byte limits, keeps its short id and extension when cut, and a template people saved
// stays theirs.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  DownloadSettingsStore,
  defaultDownloadSettings,
} from '../../../electron/core/downloads/download-settings';
import {
  DEFAULT_TEMPLATE,
  renderTemplate,
  templateProblem,
  type TemplateJob,
} from '../../../electron/core/downloads/name-template';
import { MAX_SEGMENT, MAX_SEGMENT_BYTES } from '../../../electron/core/downloads/safe-path';
import { SqliteSettings } from '../../../electron/core/db/sqlite/sqlite-settings';

const FINISHED = new Date(2026, 10, 22, 14, 5, 9);
const NOW = new Date(2026, 10, 23);
const job = (overrides: Partial<TemplateJob> = {}): TemplateJob => ({
  uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
  projectId: 'p-7',
  projectName: 'Spring Launch',
  jobType: 'video',
  status: 'SUCCESS',
  finishedAt: FINISHED.toISOString(),
  createdAt: null,
  batchName: null,
  batchRow: null,
  values: { headline: 'Hello Lisbon', city: 'Lisbon' },
  ...overrides,
});

describe('the default file name', () => {
  it('names a form’s job after its project, its first text value and a short id', () => {
    expect(templateProblem(DEFAULT_TEMPLATE)).toBeNull();
    expect(renderTemplate(DEFAULT_TEMPLATE, job(), 'mp4', NOW)).toEqual([
      'Spring Launch',
      '2026-11-22',
      'Spring Launch - Hello Lisbon - 0f8fad5b.mp4',
    ]);
  });

  it('names a batch row after its sheet’s Name column, whatever its case or spacing', () => {
    const row = job({
      batchName: 'Spring mailing',
      batchRow: 3,
      row: { ' NAME ': 'Ana Sousa', Headline: 'Olá Porto' },
      values: { headline: 'Olá Porto' },
    });
    expect(renderTemplate(DEFAULT_TEMPLATE, row, 'png', NOW).at(-1)).toBe(
      'Spring Launch - Ana Sousa - 0f8fad5b.png',
    );
    // A row whose Name cell is empty falls back to the first text value.
    const unnamed = job({ batchRow: 0, row: { Name: '  ' }, values: { headline: 'Olá Porto' } });
    expect(renderTemplate(DEFAULT_TEMPLATE, unnamed, 'png', NOW).at(-1)).toBe(
      'Spring Launch - Olá Porto - 0f8fad5b.png',
    );
  });

  it('takes the first value that reads as text: not a link, a colour, a number or a file', () => {
    const values = {
      photo: { image_url: 'https://cdn.example.com/a.png' },
      music: 'https://example.com/music.mp3',
      colour: '#12ab45',
      volume: 30,
      tagline: '\n  Summer sale \n',
    };
    expect(renderTemplate(DEFAULT_TEMPLATE, job({ values }), 'mp4', NOW).at(-1)).toBe(
      'Spring Launch - Summer sale - 0f8fad5b.mp4',
    );
  });

  it('leaves out a missing name and its separator', () => {
    expect(renderTemplate(DEFAULT_TEMPLATE, job({ values: {} }), 'wav', NOW).at(-1)).toBe(
      'Spring Launch - 0f8fad5b.wav',
    );
  });

  it('keeps the short id and the extension when a long name is cut, within the byte limits', () => {
    for (const text of ['Lorem ipsum dolor sit amet '.repeat(30), '春天的促销活动'.repeat(60)]) {
      const name = renderTemplate(DEFAULT_TEMPLATE, job({ values: { headline: text } }), 'mp4', NOW).at(-1)!;
      expect(name).toMatch(/^Spring Launch - .+ - 0f8fad5b\.mp4$/u);
      expect(name.length).toBeLessThanOrEqual(MAX_SEGMENT);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_SEGMENT_BYTES);
    }
    // {name} and {shortId} can be used in any template, and are sanitised like any part.
    expect(
      renderTemplate('{name}/{shortId}.{ext}', job({ values: { headline: '../etc/CON' } }), 'png', NOW),
    ).toEqual(['___etc_CON', '0f8fad5b.png']);
  });
});

describe('download settings', () => {
  const store = () => {
    const db = new Database(':memory:');
    db.exec(
      'CREATE TABLE settings (account_id TEXT, key TEXT, value_json TEXT, PRIMARY KEY (account_id, key))',
    );
    return new DownloadSettingsStore(new SqliteSettings(db), '/home/ana/Downloads');
  };

  it('gives a new account the new default, and keeps a template people saved, the old default included', async () => {
    const settings = store();
    expect((await settings.get('new')).template).toBe(DEFAULT_TEMPLATE);
    const saved = { ...defaultDownloadSettings('/home/ana/Downloads'), concurrency: 3 };
    await settings.save('before', { ...saved, template: '{project}/{date}/{jobId}.{ext}' });
    await settings.save('own', { ...saved, template: '{batch}/{row.name}.{ext}' });
    expect((await settings.get('before')).template).toBe('{project}/{date}/{jobId}.{ext}');
    expect((await settings.get('own')).template).toBe('{batch}/{row.name}.{ext}');
  });
});
