// @vitest-environment jsdom
// A dropped file is checked by content, not by name (bug 3 of issue 7): zeros named .png, or a PNG header
// over a damaged body, are refused with a sentence and never uploaded; a good file shows what it is. And
// several files dropped on one field: the first is used, and the field says so (bug 4).
import './setup';
import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showForm } from './show-form';
import { png, pngBytes } from './test-files';

const HERO = { hero: { label: 'Hero image', instructionType: 'image' } };

/** Drops files on the field's drop zone as the desktop would (a real DataTransfer-like event). */
async function drop(files: File[]): Promise<void> {
  const zone = screen.getByTestId('dropzone-field-f0');
  const event = createEvent.drop(zone, {
    dataTransfer: {
      files,
      items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
      types: ['Files'],
    },
  });
  fireEvent(zone, event);
}

describe('a file’s content (bug 3)', () => {
  it('refuses zeros named .png, and uploads nothing', async () => {
    const { api, user } = showForm('image', HERO);
    const fake = new File([new Uint8Array(2048)], 'fake.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Hero image: file'), fake);
    expect(
      await screen.findByText(
        'fake.png is not a readable image: its content is not PNG, JPG, WEBP or GIF (it may be damaged, or another kind of file renamed). Export it again, or choose another file.',
      ),
    ).toBeInTheDocument();
    expect(api.callsOf('assets:upload')).toEqual([]);
    expect(screen.getByRole('textbox', { name: /Hero image/ })).toHaveValue('');
  });

  it('refuses a PNG header over a body that does not decode', async () => {
    const { api, user } = showForm('image', HERO);
    const damaged = new File([pngBytes().slice(0, 8), new Uint8Array(100).fill(3)], 'damaged.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText('Hero image: file'), damaged);
    expect(await screen.findByText(/^damaged\.png could not be opened as an image/)).toBeInTheDocument();
    expect(api.callsOf('assets:upload')).toEqual([]);
  });

  it('shows what a good file is once uploaded', async () => {
    const { user } = showForm('image', HERO);
    await user.upload(screen.getByLabelText('Hero image: file'), png('hero.png', 1200, 800));
    expect(await screen.findByText('hero.png uploaded')).toBeInTheDocument();
    expect(screen.getByText('· 1200×800')).toBeInTheDocument();
  });
});

describe('several files dropped on one field (bug 4)', () => {
  it('uses the first and says that the others were left out', async () => {
    const { api } = showForm('image', HERO);
    await drop([png('first.png'), png('second.png'), png('third.png')]);
    expect(await screen.findByText('first.png uploaded')).toBeInTheDocument();
    expect(
      screen.getByText(
        '3 files were dropped; this field takes one, so only first.png is used. To make one job per file, use Batches (New batch…).',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf('assets:upload')).toHaveLength(1));
    expect(api.callsOf('assets:upload')[0]).toMatchObject({ name: 'first.png' });
  });
});
