// The naming template: parts filled in from the job, its values kept within one segment, an unknown part
// refused with the known ones listed, the extension from the storage path or the Content-Type; and, for any
// template and any values, a path inside the folder.
import { posix, win32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATE,
  extensionOf,
  renderTemplate,
  templateProblem,
  type TemplateJob,
} from '../../../electron/core/downloads/name-template';
import { isInside, joinInside } from '../../../electron/core/downloads/safe-path';

const FINISHED = new Date(2026, 10, 22, 14, 5, 9); // local time: the folder is named in the person's day
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
const NOW = new Date(2026, 10, 23);

describe('renderTemplate', () => {
  it('names a batch row by its spreadsheet cells ({row.<column>}, any case or spacing) and its number', () => {
    const row = job({
      batchName: 'Spring mailing',
      batchRow: 4,
      row: { 'First Name': 'Ana', City: '../Porto' },
    });
    expect(renderTemplate('{batch}/{row.first_name}-{row.index}-{row}.{ext}', row, 'png', NOW)).toEqual([
      'Spring mailing',
      'Ana-5-5.png',
    ]);
    // A cell is a value like any other: its slashes stay inside its segment.
    expect(renderTemplate('{row.city}/{row.missing}{jobId}.{ext}', row, 'png', NOW)).toEqual([
      '___Porto',
      '0f8fad5b-d9cb-469f-a165-70867728950e.png',
    ]);
    expect(templateProblem('{row.name}.{ext}')).toBeNull();
    expect(templateProblem('{rows.name}.{ext}')).toMatch(/\{row\.<column>\}/);
  });

  it('fills the default template', () => {
    expect(renderTemplate(DEFAULT_TEMPLATE, job(), 'mp4', NOW)).toEqual([
      'Spring Launch',
      '2026-11-22',
      'Spring Launch - Hello Lisbon - 0f8fad5b.mp4',
    ]);
  });

  it('takes values, times and batch parts, and keeps a value’s slashes inside its segment', () => {
    const rendered = renderTemplate(
      '{batch}/{row} {values.headline} {time}.{ext}',
      job({ batchName: 'Autumn / wave 2', batchRow: 12, values: { headline: '../../etc/passwd' } }),
      'png',
      NOW,
    );
    expect(rendered).toEqual(['Autumn _ wave 2', '13 .._.._etc_passwd 14-05-09.png']);
  });

  it('names a file after its job when the name’s parts are empty or missing', () => {
    // Not a hidden ".mp3" (or "_mp3") shared by every job without that value.
    expect(renderTemplate('{batch}/{values.nothing}.{ext}', job(), 'mp3', NOW)).toEqual([
      '0f8fad5b-d9cb-469f-a165-70867728950e.mp3',
    ]);
    expect(renderTemplate('podcasts/', job(), 'mp3', NOW)).toEqual([
      'podcasts',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    ]);
    expect(renderTemplate('{project}/{jobId}', job({ projectName: '  ' }), 'mp4', NOW)).toEqual([
      'Untitled project',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    ]);
  });

  it('never leaves the folder, whatever the template and the values', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('..', '/..', 'C:\\x', '\\\\s\\h', 'CON'),
    );
    const templates = fc
      .array(fc.oneof(text, fc.constantFrom('{project}', '{values.a}', '{jobId}', '/', '{ext}', '.', '..')), {
        maxLength: 12,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(templates, text, text, (template, project, value) => {
        const segments = renderTemplate(
          template,
          job({ projectName: project, values: { a: value } }),
          'mp4',
          NOW,
        );
        for (const path of [posix, win32]) {
          const root = path === posix ? '/home/ana/Downloads' : 'D:\\Renders';
          expect(isInside(path, root, joinInside(path, root, segments))).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('templateProblem', () => {
  it('accepts the known parts and any value', () => {
    expect(templateProblem(DEFAULT_TEMPLATE)).toBeNull();
    expect(templateProblem('{batch}/{row}-{values.headline}.{ext}')).toBeNull();
  });

  it('refuses an unknown part, an unclosed brace and an empty template, saying what to do', () => {
    expect(templateProblem('{projet}/{jobId}.{ext}')).toMatch(
      /^\{projet\} is not a part of a name\. Use \{project\}, /,
    );
    expect(templateProblem('{project/{jobId}')).toBe(
      'A brace is not closed: each part is written {like-this}.',
    );
    expect(templateProblem('  ')).toBe('Write a name for the files, e.g. {project}/{jobId}.{ext}.');
  });
});

describe('extensionOf', () => {
  it('prefers the storage path’s extension, then the Content-Type, then bin', () => {
    expect(extensionOf('ai-talking-videos/p/outputs/j.MP4', 'image/png')).toBe('mp4');
    expect(extensionOf('outputs/j', 'audio/mpeg; charset=binary')).toBe('mp3');
    expect(extensionOf('outputs/j.<script>', 'application/pdf')).toBe('pdf');
    expect(extensionOf(null, 'application/x-unknown')).toBe('bin');
  });
});

describe('renderTemplate: values with surrounding whitespace', () => {
  it("trims a value's trailing newline, tabs and control characters before it goes into the name", () => {
    const named = job({ values: { headline: 'Visit the store.\n', city: '\t Lisbon \r\n\u0000' } });
    expect(renderTemplate('{values.city}/{values.headline}.{ext}', named, 'wav', NOW)).toEqual([
      'Lisbon',
      'Visit the store..wav',
    ]);
    const row = job({ batchName: ' Spring\n', batchRow: 0, row: { Name: '\u0007Ana\n' } });
    expect(renderTemplate('{batch}/{row.name}.{ext}', row, 'png', NOW)).toEqual(['Spring', 'Ana.png']);
  });
});
