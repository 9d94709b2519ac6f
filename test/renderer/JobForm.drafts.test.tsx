// @vitest-environment jsdom
// Drafts (issue 7): a project's unsent values are kept by core and come back when its form opens again;
// typing is saved a moment after it stops (fake time here), leaving the form saves at once, and Clear form
// empties the form and forgets the draft. After a submit the values stay.
import './setup';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formFieldsOf } from '../../src/features/job-form/field-kinds';
import { DRAFT_DELAY_MS, draftOf } from '../../src/features/job-form/use-draft-saver';
import { mapping } from './fixtures';
import { showForm } from './show-form';

const FIELDS = {
  headline: { label: 'Headline', instructionType: 'text' },
  photo: { label: 'Product photo', instructionType: 'image' },
};
const SAVED_AT = '2026-11-22T09:00:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('drafts', () => {
  it('come back when the form opens, with a note saying so', () => {
    showForm('image', FIELDS, {
      memory: {
        draft: {
          values: { headline: 'Spring sale', photo: 'https://cdn.example.com/a.png' },
          savedAt: SAVED_AT,
        },
        skipEmptyCheck: false,
      },
    });
    expect(screen.getByLabelText('Headline')).toHaveValue('Spring sale');
    expect(screen.getByRole('textbox', { name: /Product photo/ })).toHaveValue(
      'https://cdn.example.com/a.png',
    );
    expect(screen.getByText('Your last values are back')).toBeInTheDocument();
  });

  it('are saved a moment after typing stops, by field id', async () => {
    const { api, user } = showForm('image', FIELDS, { advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Headline'), 'Autumn');
    expect(api.callsOf('forms:saveDraft')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    expect(api.callsOf('forms:saveDraft')).toEqual([
      { projectId: 'p-1', draft: { values: { headline: 'Autumn' }, savedAt: expect.any(String) } },
    ]);
  });

  it('are saved at once when the form goes away (another project chosen)', async () => {
    const { api, user, view } = showForm('image', FIELDS, { advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Headline'), 'Half-typed');
    view.unmount();
    expect(api.callsOf('forms:saveDraft')).toEqual([
      { projectId: 'p-1', draft: { values: { headline: 'Half-typed' }, savedAt: expect.any(String) } },
    ]);
  });

  it('are forgotten by Clear form, which empties every field', async () => {
    const { api, user } = showForm('image', FIELDS, {
      advanceTimers: vi.advanceTimersByTime,
      memory: { draft: { values: { headline: 'Old' }, savedAt: SAVED_AT }, skipEmptyCheck: false },
    });
    await user.click(screen.getByRole('button', { name: 'Clear form' }));
    expect(screen.getByLabelText('Headline')).toHaveValue('');
    expect(screen.getByLabelText('Headline')).toHaveFocus();
    expect(screen.queryByText('Your last values are back')).not.toBeInTheDocument();
    expect(api.callsOf('forms:saveDraft')).toEqual([{ projectId: 'p-1', draft: null }]);
  });
});

describe('draftOf', () => {
  const fields = formFieldsOf(mapping('video', FIELDS));
  const now = new Date(SAVED_AT);
  it('is null for an untouched form, and keeps only filled fields and a changed background', () => {
    expect(draftOf(fields, { values: { f0: ' ', f1: '' } }, now)).toBeNull();
    expect(
      draftOf(fields, { values: { f0: '', f1: '' }, background: { music: '', volume: 0.5, start: 0 } }, now),
    ).toBeNull();
    expect(
      draftOf(
        fields,
        { values: { f0: 'Hi', f1: '' }, background: { music: '', volume: 0.8, start: 0 } },
        now,
      ),
    ).toEqual({
      values: { headline: 'Hi' },
      background: { music: '', volume: 0.8, start: 0 },
      savedAt: SAVED_AT,
    });
  });
});
