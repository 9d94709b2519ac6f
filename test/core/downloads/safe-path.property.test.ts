// Nothing is ever written outside the chosen folder (issue 8): whatever a storage path, a template or a
// job's value holds, the path made of it is inside the folder, by POSIX and by Windows rules, and every
// segment is a name both systems accept.
import { posix, win32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DEPTH,
  MAX_RELATIVE,
  MAX_SEGMENT,
  isInside,
  joinInside,
  safeSegment,
  safeSegments,
} from '../../../electron/core/downloads/safe-path';

const HOSTILE = [
  '..',
  '.',
  '...',
  '../../etc/passwd',
  '..\\..\\Windows\\System32',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  'C:',
  'c:relative',
  '\\\\server\\share\\x',
  '//server/share',
  '\\\\?\\C:\\x',
  'CON',
  'nul.txt',
  'COM1',
  'lpt9.mp4',
  'Con .mp4',
  'name. ',
  ' . ',
  'a\u0000b',
  'evil\u202egnp.exe',
  'zero\u200bwidth',
  '\ud83d\ude00'.repeat(200),
  'x'.repeat(1000),
  '~',
  '$HOME',
  '%APPDATA%',
];

const textArb = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc
    .array(fc.constantFrom('..', '/', '\\', ':', '.', ' ', 'a', 'C:', 'CON', '\u0000'), { maxLength: 40 })
    .map((parts) => parts.join('')),
);

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const WINDOWS_FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f]/;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

function expectValidSegment(segment: string): void {
  expect(segment.length).toBeGreaterThan(0);
  expect(segment.length).toBeLessThanOrEqual(MAX_SEGMENT);
  expect(segment).not.toMatch(WINDOWS_FORBIDDEN);
  expect(segment).not.toMatch(RESERVED);
  expect(segment).not.toMatch(/^\./);
  expect(segment).not.toMatch(/[. ]$/);
  expect(segment).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
}

describe('safeSegment', () => {
  it('gives a name both systems accept, for any text', () => {
    fc.assert(
      fc.property(textArb, (text) => expectValidSegment(safeSegment(text))),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary names as they are, and an extension when a long name is cut', () => {
    expect(safeSegment('Spring Launch – Lisbon')).toBe('Spring Launch – Lisbon');
    expect(safeSegment('Café.mp4')).toBe('Café.mp4');
    const cut = safeSegment(`${'a'.repeat(300)}.mp4`);
    expect(cut).toHaveLength(MAX_SEGMENT);
    expect(cut.endsWith('.mp4')).toBe(true);
    expect(safeSegment('..')).toBe('__');
    expect(safeSegment('CON')).toBe('_CON');
    expect(safeSegment('a/b\\c:d')).toBe('a_b_c_d');
  });
});

describe('joinInside', () => {
  const roots = [
    { flavour: 'POSIX', path: posix, root: '/home/ana/Downloads/Renders' },
    { flavour: 'Windows', path: win32, root: 'C:\\Users\\Ana\\Downloads\\Renders' },
    { flavour: 'Windows UNC', path: win32, root: '\\\\nas\\team\\renders' },
  ];

  it.each(roots)('never leaves the folder ($flavour rules)', ({ path, root }) => {
    fc.assert(
      fc.property(fc.array(textArb, { minLength: 0, maxLength: 12 }), (parts) => {
        const target = joinInside(path, root, parts);
        expect(isInside(path, root, target)).toBe(true);
        expect(target).not.toBe(path.resolve(root));
        const relative = path.relative(root, target);
        expect(relative.length).toBeLessThanOrEqual(MAX_RELATIVE);
        const segments = relative.split(path.sep);
        expect(segments.length).toBeLessThanOrEqual(MAX_DEPTH);
        for (const segment of segments) expectValidSegment(segment);
      }),
      { numRuns: 1500 },
    );
  });

  it('segments as a whole stay within the limits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 100, maxLength: 200 }), { minLength: 1, maxLength: 20 }),
        (parts) => {
          const segments = safeSegments(parts);
          expect(segments.length).toBeLessThanOrEqual(MAX_DEPTH);
          expect(segments.join('/').length).toBeLessThanOrEqual(MAX_RELATIVE);
        },
      ),
    );
  });
});
