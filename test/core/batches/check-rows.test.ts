// A sheet mapped onto a project's fields and checked: columns matched by id or label whatever the case,
// spacing or punctuation, a remembered mapping winning; cells naming dropped files matched by path or name
// (ambiguous names and unused files said); every kind of problem in words naming the row; fixes kept across
// a re-import by their row's cells; and the rows made into exactly the jobs the form would make.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRows } from '../../../electron/core/batches/check-rows';
import { importFields, matchColumns, normalizeHeader } from '../../../electron/core/batches/match-columns';
import { FileIndex, type DroppedFile } from '../../../electron/core/batches/match-files';
import { applyFixes, rowKeyOf } from '../../../electron/core/batches/row-fixes';
import { rowsToJobs } from '../../../electron/core/batches/rows-to-jobs';
import { BACKGROUND_FIELDS } from '../../../electron/shared/domain/batch-import';
import type { Sheet } from '../../../electron/shared/domain/batch-sheet';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const file = (relativePath: string, head = PNG, size = 1000): DroppedFile => ({ relativePath, size, head });

const MAPPING = {
  fields: {
    headline: { label: 'Head line', instructionType: 'text' },
    photo: { label: 'Portrait photo', instructionType: 'image' },
    voice: { label: 'Voice', instructionType: 'audio' },
  },
};
const video = importFields(MAPPING, 'ai_talking_video');

function sheetOf(columns: string[], rows: string[][]): Sheet {
  return {
    columns,
    rows,
    lines: rows.map((_, i) => i + 2),
    sheetNames: [],
    sheetName: null,
    encoding: 'UTF-8',
    separator: ',',
  };
}

describe('matchColumns', () => {
  it('matches by id or label, whatever the case, spacing or punctuation; background music by its headers', () => {
    expect(normalizeHeader(' Head_Line: ')).toBe('headline');
    const match = matchColumns(['HEADLINE', 'portrait-photo', 'Music volume', 'Notes'], video);
    expect(match.mapping).toMatchObject({
      headline: { from: 'column', column: 'HEADLINE' },
      photo: { from: 'column', column: 'portrait-photo' },
      voice: { from: 'none' },
      [BACKGROUND_FIELDS.volume]: { from: 'column', column: 'Music volume' },
    });
    expect(match.unmatchedColumns).toEqual(['Notes']);
    expect(match.unmatchedFields).toEqual(['voice', BACKGROUND_FIELDS.music, BACKGROUND_FIELDS.start]);
  });

  it('keeps a remembered mapping where its column is still there, and constants', () => {
    const match = matchColumns(['Title', 'Headline'], video, {
      headline: { from: 'column', column: 'Title' },
      voice: { from: 'constant', value: 'https://cdn.example.com/v.mp3' },
      photo: { from: 'column', column: 'Gone' },
    });
    expect(match.mapping['headline']).toEqual({ from: 'column', column: 'Title' });
    expect(match.mapping['voice']).toEqual({ from: 'constant', value: 'https://cdn.example.com/v.mp3' });
    expect(match.mapping['photo']).toEqual({ from: 'none' });
    expect(match.unmatchedColumns).toEqual(['Headline']);
  });
});

describe('checkRows', () => {
  const files = new FileIndex([
    file('photos/Anna.PNG'),
    file('a/same.png'),
    file('b/same.png'),
    file('photos/voice.png', MP3),
    file('photos/huge.png', PNG, 30 * 1024 * 1024),
    file('unused.png'),
  ]);
  const sheet = sheetOf(
    ['Headline', 'Photo', 'Volume', 'Start', 'Music'],
    [
      ['Hi', '.\\photos\\anna.png', '50%', '0', ''],
      ['', 'same.png', '2', '-1', 'http://example.com/m.mp3'],
      ['Hi', 'nobody.png', '', '', ''],
      ['Hi', 'photos/voice.png', 'x', 'y', ''],
      ['Hi', 'HUGE.png', '', '', ''],
      ['Hi', 'ftp://example.com/a.png', '', '', ''],
      ['Hi', '.\\photos\\anna.png', '50%', '0', ''],
    ],
  );
  const mapping = matchColumns(sheet.columns, video, {
    [BACKGROUND_FIELDS.start]: { from: 'column', column: 'Start' },
    [BACKGROUND_FIELDS.music]: { from: 'column', column: 'Music' },
  }).mapping;
  const checked = checkRows(sheet, video, mapping, files);
  const of = (row: number) =>
    checked.issues.filter((issue) => issue.row === row).map((issue) => [issue.code, issue.message]);

  it('takes a file by path or name, whatever the case, `./` or backslashes', () => {
    expect(of(0)).toEqual([['empty', 'Row 2: “Voice” is empty.']]);
    expect(checked.values[0]?.get('photo')).toMatchObject({
      kind: 'file',
      file: { relativePath: 'photos/Anna.PNG' },
    });
  });

  it('says every problem in words, naming the row', () => {
    expect(of(1)).toEqual([
      ['empty', 'Row 3: “Head line” is empty.'],
      [
        'file-not-found',
        'Row 3: “Portrait photo” “same.png” could be a/same.png or b/same.png. Write the folder too, e.g. a/same.png.',
      ],
      ['empty', 'Row 3: “Voice” is empty.'],
      [
        'bad-url',
        'Row 3: “Background music” “http://example.com/m.mp3” is not a web address starting with https:// (http:// only for this computer, such as the sandbox).',
      ],
      ['out-of-range', 'Row 3: “Music volume” “2” must be from 0 to 100% (or 0 to 1).'],
      ['out-of-range', 'Row 3: “Music start (seconds)” “-1” must be a number of seconds, 0 or more.'],
    ]);
    expect(of(2)[0]).toEqual([
      'file-not-found',
      'Row 4: “Portrait photo” names “nobody.png”, which is not among the dropped files. Drop it too, or correct the name.',
    ]);
    expect(of(3)[0]?.[0]).toBe('wrong-file');
    expect(of(3)[0]?.[1]).toMatch(/^Row 5: photos\/voice.png is an audio file \(MP3\), not an image/);
    expect(of(3).map(([code]) => code)).toContain('out-of-range');
    expect(of(4)[0]).toEqual(['file-too-large', 'Row 6: photos/huge.png is 30.0 MB; the limit is 20 MB.']);
    expect(of(5)[0]?.[0]).toBe('bad-url');
    expect(of(6).at(-1)).toEqual(['duplicate-row', 'Row 8 repeats row 2: the same job would be made twice.']);
    expect([...checked.failing].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(checked.unusedFiles).toEqual(['a/same.png', 'b/same.png', 'unused.png']);
  });

  it('makes the rows without errors into the jobs the form would make, files replaced by their uploads', () => {
    const uploaded = new Map([['photos/Anna.PNG', 'https://storage.example.com/anna.png']]);
    const project = { projectId: 'p1', projectName: 'Spring', projectType: 'ai_talking_video' };
    const jobs = rowsToJobs(project, video, checked, uploaded, (row) => row !== 6);
    expect(jobs).toEqual([
      {
        row: 0,
        request: {
          projectId: 'p1',
          projectName: 'Spring',
          jobType: 'ai_talking_video',
          values: { headline: 'Hi', photo: { image_url: 'https://storage.example.com/anna.png' } },
          background: { music: null, volume: 0.5, start: 0 },
        },
      },
    ]);
  });

  it('never throws, and names only rows and fields that exist, whatever the sheet', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.constantFrom('', 'x', 'a.png', '50%', 'https://e.com/a.png', ' ', '-3', 'same.png'), {
            minLength: 3,
            maxLength: 3,
          }),
          { maxLength: 30 },
        ),
        (rows) => {
          const random = sheetOf(['Headline', 'Photo', 'Volume'], rows);
          const result = checkRows(random, video, matchColumns(random.columns, video).mapping, files);
          for (const issue of result.issues) {
            expect(issue.row).toBeLessThan(rows.length);
            if (issue.field !== null) expect(video.map((field) => field.id)).toContain(issue.field);
            expect(issue.message).toMatch(/^Row \d+/);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('applyFixes', () => {
  it('applies a fix where its row still has the value it replaced, and says which no longer apply', () => {
    const first = sheetOf(
      ['Name', 'Photo'],
      [
        ['Ana', 'anna.pgn'],
        ['Ben', 'ben.png'],
      ],
    );
    const fix = { rowKey: rowKeyOf(['Ana', 'anna.pgn']), column: 'Photo', from: 'anna.pgn', to: 'anna.png' };
    expect(applyFixes(first, [fix]).sheet.rows[0]).toEqual(['Ana', 'anna.png']);
    // Dropped again with a new row on top: the fix follows its row.
    const again = sheetOf(
      ['Name', 'Photo'],
      [
        ['Cy', 'cy.png'],
        ['Ana', 'anna.pgn'],
        ['Ben', 'ben.png'],
      ],
    );
    const reapplied = applyFixes(again, [fix]);
    expect(reapplied.sheet.rows[1]).toEqual(['Ana', 'anna.png']);
    expect(reapplied.applied).toEqual([fix]);
    // Fixed in Excel meanwhile: the row is another, the fix is stale.
    const fixedThere = sheetOf(['Name', 'Photo'], [['Ana', 'anna.png']]);
    expect(applyFixes(fixedThere, [fix])).toMatchObject({ applied: [], stale: [fix] });
  });
});
