// The colour rule shared by the form, the batch preview and the CLI: hex codes and the 148 CSS names are
// colours, sent as #rrggbb in lower case; anything else is refused in words that name the field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colourHex, colourNameList, colourProblem, readColour } from '../../electron/shared/domain/colour';

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF');
const digits = (length: number) =>
  fc.array(hexDigit, { minLength: length, maxLength: length }).map((list) => list.join(''));

describe('colourHex', () => {
  it('reads the names the issue met, and the hex forms', () => {
    expect(colourHex('teal')).toBe('#008080');
    expect(colourHex('  Teal ')).toBe('#008080');
    expect(colourHex('RebeccaPurple')).toBe('#663399');
    expect(colourHex('Light Blue')).toBe('#add8e6');
    expect(colourHex('dark-slate-grey')).toBe('#2f4f4f');
    expect(colourHex('#1A7F5A')).toBe('#1a7f5a');
    expect(colourHex('1a7f5a')).toBe('#1a7f5a');
    expect(colourHex('#F60')).toBe('#ff6600');
  });

  it('refuses what is not a colour', () => {
    for (const text of ['#12GG45', 'ocean blue', 'transparent', 'ace', '#12345', 'rgb(0,0,0)', '', '#']) {
      expect(colourHex(text), text).toBeNull();
    }
  });

  it('knows the 148 CSS colour names', () => {
    const names = colourNameList();
    expect(names).toHaveLength(148);
    for (const name of names) expect(colourHex(name.toUpperCase())).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('sends every six-digit code as itself in lower case, with or without the #', () => {
    fc.assert(
      fc.property(digits(6), fc.boolean(), (code, hash) => {
        expect(colourHex(`${hash ? '#' : ''}${code}`)).toBe(`#${code.toLowerCase()}`);
      }),
    );
  });

  it('doubles each digit of a three-digit code', () => {
    fc.assert(
      fc.property(digits(3), (code) => {
        const [r = '', g = '', b = ''] = code.toLowerCase();
        expect(colourHex(`#${code}`)).toBe(`#${r}${r}${g}${g}${b}${b}`);
      }),
    );
  });

  it('is the same colour read again from what it sends', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...colourNameList()),
          digits(6),
          digits(3).map((d) => `#${d}`),
        ),
        (text) => {
          const hex = colourHex(text);
          expect(hex).not.toBeNull();
          expect(colourHex(hex ?? '')).toBe(hex);
        },
      ),
    );
  });

  it('never takes a text holding a character outside hex digits, letters, spaces and hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(/[^0-9a-z#\s_-]/i.test(text));
        expect(colourHex(text)).toBeNull();
      }),
    );
  });
});

describe('colourProblem', () => {
  it('names the field and says what to write', () => {
    expect(colourProblem('Accent colour', 'ocean blue')).toBe(
      'Accent colour: “ocean blue” is not a colour. Use a colour name like teal or a code like #1a7f5a.',
    );
    expect(colourProblem('Accent colour', '#12GG45')).toBe(
      'Accent colour: “#12GG45” is not a colour. Use a colour name like teal or a code like #1a7f5a.',
    );
  });

  it('says a code with transparency is refused, and which solid colour to use', () => {
    expect(readColour('#1a7f5a80')).toEqual({ kind: 'transparent', hex: '#1a7f5a' });
    expect(colourProblem('Brand colour', '#f608')).toBe(
      'Brand colour: “#f608” has transparency, which a colour field cannot take. Use #ff6600 (the same colour, solid).',
    );
  });

  it('leaves an empty field and a colour alone', () => {
    expect(colourProblem('Accent colour', '  ')).toBeNull();
    expect(colourProblem('Accent colour', 'teal')).toBeNull();
  });
});
