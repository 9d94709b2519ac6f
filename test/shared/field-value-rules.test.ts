// The lengths a field shows well (by the project's type) and the one check of a typed value that the form,
// the batch preview and the CLI share.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFieldValue, valueToSend } from '../../electron/shared/domain/field-value-rules';
import { characterCount, lengthWarning, textFitOf } from '../../electron/shared/domain/text-fit';

const headline = { id: 'headline', label: 'Headline', kind: 'text' };
const subline = { id: 'subline', label: 'Subline', kind: 'text' };
const accent = { id: 'accent_color', label: 'Accent colour', kind: 'color' };

describe('textFitOf', () => {
  it('knows a banner’s headline and its other texts, a PDF page, and nothing for scripts', () => {
    expect(textFitOf('image', headline)).toEqual({ shows: 60, output: 'a banner' });
    expect(textFitOf('image', { id: 'x1', label: 'Title' })).toEqual({ shows: 60, output: 'a banner' });
    expect(textFitOf('image', subline)).toEqual({ shows: 120, output: 'a banner' });
    expect(textFitOf('pdf', { id: 'body', label: 'Body copy' })).toEqual({
      shows: 1000,
      output: 'a one-page PDF',
    });
    expect(textFitOf('ai_talking_video', { id: 'script', label: 'Presenter script' })).toBeNull();
    expect(textFitOf('video', headline)).toBeNull();
  });
});

describe('lengthWarning', () => {
  it('says the length, what the output shows and what to do', () => {
    expect(lengthWarning('Headline', 'x'.repeat(480), textFitOf('image', headline))).toBe(
      'Headline: 480 characters; a banner shows about 60 well. Shorten it or it will be cut.',
    );
    expect(lengthWarning('Subline', 'y'.repeat(595), textFitOf('image', subline))).toBe(
      'Subline: 595 characters; a banner shows about 120 well. Shorten it or it will be cut.',
    );
  });

  it('is silent up to the length, and counts characters as a person does', () => {
    const fit = textFitOf('image', headline);
    expect(lengthWarning('Headline', 'x'.repeat(60), fit)).toBeNull();
    expect(lengthWarning('Headline', ` ${'x'.repeat(60)}\n`, fit)).toBeNull();
    expect(characterCount('👩‍👩‍👧 café')).toBe(6);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (length) => {
        const warned = lengthWarning('Headline', 'é'.repeat(length), fit) !== null;
        expect(warned).toBe(length > 60);
      }),
    );
  });
});

describe('checkFieldValue', () => {
  it('refuses a bad colour, warns of a long text, and leaves assets to their own rules', () => {
    expect(checkFieldValue('image', accent, 'ocean blue').error).toMatch(
      /^Accent colour: “ocean blue” is not/,
    );
    expect(checkFieldValue('image', accent, 'teal')).toEqual({ error: null, warning: null });
    expect(checkFieldValue('image', headline, 'x'.repeat(61)).warning).toMatch(/^Headline: 61 characters/);
    expect(checkFieldValue('image', { ...headline, kind: 'unknown' }, 'x'.repeat(61)).warning).not.toBeNull();
    expect(checkFieldValue('image', { ...headline, kind: 'image' }, 'x'.repeat(61))).toEqual({
      error: null,
      warning: null,
    });
  });

  it('sends a colour as #rrggbb and any text as typed', () => {
    expect(valueToSend('color', ' Teal ')).toBe('#008080');
    expect(valueToSend('text', ' Teal ')).toBe(' Teal ');
  });
});
