// @vitest-environment jsdom
// The job form's building blocks as units: how fields are classified, the zod schema built from them,
// and the request the form's values become.
import { describe, expect, it } from 'vitest';
import { fieldKind, formFieldsOf, isShortText } from '../../src/features/job-form/field-kinds';
import {
  buildJobFormSchema,
  emptyFieldsOf,
  emptyJobForm,
  hasBackground,
} from '../../src/features/job-form/form-schema';
import { toSubmitJob } from '../../src/features/job-form/to-submit-job';
import { EVERY_KIND, mapping, project } from './fixtures';

describe('fieldKind', () => {
  it('makes short texts single-line and the rest multi-line', () => {
    expect(fieldKind('headline', { label: 'Headline', instructionType: 'text' })).toEqual({
      kind: 'text',
      multiline: false,
    });
    expect(fieldKind('cta', { label: 'Call to action', instructionType: 'text' })).toEqual({
      kind: 'text',
      multiline: false,
    });
    expect(fieldKind('x', { label: 'Product name', instructionType: 'text' })).toEqual({
      kind: 'text',
      multiline: false,
    });
    expect(fieldKind('script', { label: 'Presenter script', instructionType: 'text' })).toEqual({
      kind: 'text',
      multiline: true,
    });
    expect(fieldKind('body', { label: 'Body copy', instructionType: 'text' })).toEqual({
      kind: 'text',
      multiline: true,
    });
    expect(isShortText('page_title', 'Something')).toBe(true);
  });

  it('knows images and audio, case-insensitively', () => {
    expect(fieldKind('a', { label: 'A', instructionType: 'image' })).toEqual({ kind: 'image' });
    expect(fieldKind('b', { label: 'B', instructionType: 'Audio' })).toEqual({ kind: 'audio' });
  });

  it('gives colour types a colour field', () => {
    for (const type of ['color', 'Colour', 'hex_color', 'brand colour']) {
      expect(fieldKind('c', { label: 'C', instructionType: type })).toEqual({ kind: 'color' });
    }
  });

  it('keeps an unknown or missing type as text, remembering which', () => {
    expect(fieldKind('c', { label: 'C', instructionType: 'gradient' })).toEqual({
      kind: 'unknown',
      instructionType: 'gradient',
    });
    expect(fieldKind('d', { label: 'D' })).toEqual({ kind: 'unknown', instructionType: null });
    expect(fieldKind('e', { label: 'E', instructionType: '  ' })).toEqual({
      kind: 'unknown',
      instructionType: null,
    });
  });
});

describe('formFieldsOf', () => {
  it('gives every field a safe form key, whatever its id, in the service’s order', () => {
    const fields = formFieldsOf(mapping('image', EVERY_KIND));
    expect(fields.map((field) => [field.key, field.id])).toEqual([
      ['f0', 'headline'],
      ['f1', 'script'],
      ['f2', 'hero.image'],
      ['f3', 'jingle'],
      ['f4', 'brand_color'],
      ['f5', 'disclaimer'],
    ]);
  });

  it('falls back to the id when a label is empty', () => {
    expect(formFieldsOf(mapping('image', { sku: { label: ' ', instructionType: 'text' } }))[0]?.label).toBe(
      'sku',
    );
  });
});

describe('buildJobFormSchema', () => {
  const fields = formFieldsOf(mapping('video', EVERY_KIND));
  const schema = buildJobFormSchema(fields, 'video');

  // Bug 2 of issue 7: the service marks no field as required, so an empty one is the person's choice (the
  // form asks before sending it); only a value that is there is checked.
  it('lets every field be empty', () => {
    expect(schema.safeParse(emptyJobForm(fields, 'video')).success).toBe(true);
    const blank = { f0: '  ', f1: '', f2: ' ', f3: '', f4: '', f5: '' };
    expect(
      schema.safeParse({ values: blank, background: { music: '', volume: 0.5, start: 0 } }).success,
    ).toBe(true);
  });

  it('lists the empty fields, whitespace counting as empty', () => {
    const values = { f0: '  ', f1: 'x', f2: '', f3: 'https://x/a.mp3', f4: '', f5: 'x' };
    expect(emptyFieldsOf(fields, { values }).map((field) => field.label)).toEqual([
      'Headline',
      'Hero image',
      'Brand colour',
    ]);
  });

  // Bug 5 of issue 7: the message said https only while http anywhere was accepted.
  it('wants https addresses for assets, or http ones of this computer, and says so', () => {
    const values = {
      f0: 'a',
      f1: 'x',
      f2: 'not a url',
      f3: 'http://cdn.example.com/a.mp3',
      f4: '#f60',
      f5: 'x',
    };
    const result = schema.safeParse({
      values,
      background: { music: 'http://music.example.com/a.mp3', volume: 0.5, start: 0 },
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      'values.f2':
        'Hero image needs a web address starting with https:// (http:// only for this computer, such as the sandbox).',
      'values.f3':
        'Jingle needs a web address starting with https:// (http:// only for this computer, such as the sandbox).',
      'background.music':
        'Background music needs a web address starting with https:// (http:// only for this computer, such as the sandbox).',
    });
  });

  it('wants a colour in a colour field, named in words with the field', () => {
    const values = { f0: 'a', f1: 'b', f2: '', f3: '', f4: 'ocean blue', f5: 'd' };
    const result = schema.safeParse({ values, background: { music: '', volume: 0.5, start: 0 } });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'values.f4',
        'Brand colour: “ocean blue” is not a colour. Use a colour name like teal or a code like #1a7f5a.',
      ],
    ]);
  });

  it('accepts a complete form, with the volume and start within bounds', () => {
    const values = {
      f0: 'a',
      f1: 'b',
      f2: 'https://x/a.png',
      f3: 'http://127.0.0.1:1/a.mp3',
      f4: 'teal',
      f5: 'd',
    };
    expect(schema.safeParse({ values, background: { music: '', volume: 1, start: 0 } }).success).toBe(true);
    expect(schema.safeParse({ values, background: { music: '', volume: 1.01, start: 0 } }).success).toBe(
      false,
    );
    expect(schema.safeParse({ values, background: { music: '', volume: 0, start: -1 } }).success).toBe(false);
    expect(schema.safeParse({ values, background: { music: 'nope', volume: 0, start: 0 } }).success).toBe(
      false,
    );
  });

  it('adds the background only to video and talking-video projects', () => {
    expect(hasBackground('video')).toBe(true);
    expect(hasBackground('ai_talking_video')).toBe(true);
    expect(hasBackground('image')).toBe(false);
    expect(emptyJobForm(fields, 'image')).toEqual({
      values: { f0: '', f1: '', f2: '', f3: '', f4: '', f5: '' },
    });
    const imageSchema = buildJobFormSchema(fields, 'image');
    const values = { f0: 'a', f1: 'b', f2: 'https://x/a.png', f3: 'https://x/a.mp3', f4: 'teal', f5: 'd' };
    expect(imageSchema.parse({ values, background: { music: 'x', volume: 9, start: -1 } })).toEqual({
      values,
    });
  });
});

describe('toSubmitJob', () => {
  const fields = formFieldsOf(mapping('video', EVERY_KIND));
  const values = {
    f0: 'Hello',
    f1: 'Script',
    f2: 'https://x/a.png',
    f3: 'https://x/a.mp3',
    f4: '#f60',
    f5: 'Legal',
  };

  it('maps text to strings, images to { image_url } and audio to { audio_url, effects: [] }', () => {
    const request = toSubmitJob(project({ projectType: 'video', projectName: 'Teaser' }), fields, {
      values,
      background: { music: '  ', volume: 0.25, start: 3 },
    });
    expect(request).toEqual({
      projectId: 'p-1',
      projectName: 'Teaser',
      jobType: 'video',
      values: {
        headline: 'Hello',
        script: 'Script',
        'hero.image': { image_url: 'https://x/a.png' },
        jingle: { audio_url: 'https://x/a.mp3', effects: [] },
        // A colour goes as #rrggbb, whatever way it was written.
        brand_color: '#ff6600',
        disclaimer: 'Legal',
      },
      background: { music: null, volume: 0.25, start: 3 },
    });
  });

  it('sends an empty text as empty text, and leaves an empty file field out', () => {
    const blank = { ...values, f0: '', f2: '  ', f3: '' };
    expect(toSubmitJob(project(), fields, { values: blank })?.values).toEqual({
      headline: '',
      script: values.f1,
      brand_color: '#ff6600',
      disclaimer: values.f5,
    });
  });

  it('sends no background for other types, and nothing for a type the service does not take', () => {
    expect(toSubmitJob(project(), fields, { values })?.background).toBeUndefined();
    expect(toSubmitJob(project({ projectType: 'hologram' }), fields, { values })).toBeNull();
  });
});
