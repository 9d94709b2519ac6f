// @vitest-environment jsdom
// The generated job form: one control per field type (single- and multi-line text, image and audio drop
// zones with previews, a colour picker, other types as text, video background controls), empty fields listed
// and wrong values flagged before submit, files checked then uploaded, and the exact request sent on submit.
import './setup';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useJobsStore } from '../../src/features/jobs/jobs-store';
import { FakeFailure } from './fake-api';
import { EVERY_KIND } from './fixtures';
import { showForm } from './show-form';
import { audio, png } from './test-files';

describe('form generation', () => {
  it('gives each field type its control', () => {
    showForm('image', EVERY_KIND);
    expect(screen.getByRole('heading', { name: 'Sample project' })).toBeInTheDocument();

    const headline = screen.getByLabelText('Headline');
    expect(headline.tagName).toBe('INPUT');
    expect(headline).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Presenter script').tagName).toBe('TEXTAREA');

    const image = screen.getByRole('group', { name: /Hero image/ });
    expect(within(image).getByText('Drop an image here')).toBeInTheDocument();
    expect(within(image).getByRole('button', { name: 'Choose file…' })).toBeInTheDocument();
    expect(within(image).getByRole('textbox', { name: /Or paste its address/ })).toHaveAttribute(
      'type',
      'url',
    );
    expect(within(image).getByLabelText('Hero image: file')).toHaveAttribute('type', 'file');

    const audio = screen.getByRole('group', { name: /Jingle/ });
    expect(within(audio).getByText('Drop an audio file here')).toBeInTheDocument();
    expect(within(audio).getByText(/MP3, WAV, M4A/)).toBeInTheDocument();

    // A colour gets a picker; a field of no known type is plain text, with nothing technical said about it.
    expect(screen.getByLabelText('Brand colour')).toHaveAccessibleDescription(
      'A colour name like teal, or a code like #1a7f5a; or pick one.',
    );
    expect(screen.getByLabelText('Pick a colour')).toHaveAttribute('type', 'color');
    expect(screen.getByLabelText('Legal disclaimer')).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/field type/i)).not.toBeInTheDocument();

    // Not a video project: no background controls.
    expect(screen.queryByRole('heading', { name: 'Background music' })).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it.each(['video', 'ai_talking_video'])('adds background music, volume and start to %s projects', (type) => {
    showForm(type, { headline: { label: 'Headline', instructionType: 'text' } });
    expect(screen.getByRole('heading', { name: 'Background music' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Music \(optional\)/ })).toBeInTheDocument();
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveAttribute('aria-valuetext', '50%');
    expect(volume).toHaveAttribute('aria-valuemin', '0');
    expect(volume).toHaveAttribute('aria-valuemax', '100');
    const start = screen.getByLabelText('Music starts at (seconds)');
    expect(start).toHaveAttribute('type', 'number');
    expect(start).toHaveValue(0);
  });

  it('moves the volume with the keyboard and shows the percentage', async () => {
    const { user } = showForm('video', { headline: { label: 'Headline', instructionType: 'text' } });
    // The form opens with focus in its first field; the person moves to the slider.
    await waitFor(() => expect(screen.getByLabelText('Headline')).toHaveFocus());
    const volume = screen.getByRole('slider', { name: 'Volume' });
    volume.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(volume).toHaveAttribute('aria-valuetext', '53%');
    await user.keyboard('{Home}');
    expect(volume).toHaveAttribute('aria-valuetext', '0%');
    expect(screen.getByText('0%')).toBeInTheDocument();
  });

  it('offers only the address, with main’s reason, when the account cannot take uploads', () => {
    showForm('image', EVERY_KIND, {
      capability: { available: false, reason: 'File uploads need asset storage.' },
    });
    const image = screen.getByRole('group', { name: /Hero image/ });
    expect(within(image).getByText(/File uploads need asset storage\./)).toBeInTheDocument();
    expect(within(image).queryByRole('button', { name: 'Choose file…' })).not.toBeInTheDocument();
    expect(within(image).queryByLabelText('Hero image: file')).not.toBeInTheDocument();
    expect(within(image).getByRole('textbox', { name: /Web address/ })).toBeInTheDocument();
    // Said once for the form, with the way to the storage settings; every address is described by it.
    expect(screen.getAllByText(/File uploads need asset storage\./)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Set up asset storage' })).toHaveLength(1);
    for (const address of screen.getAllByRole('textbox', { name: /Web address/ }))
      expect(address).toHaveAccessibleDescription('File uploads need asset storage.');
  });
});

describe('validation', () => {
  it('lists every empty field before sending, and sends nothing while it asks', async () => {
    const { api, user } = showForm('video', EVERY_KIND);
    await user.click(screen.getByRole('button', { name: 'Submit job' }));

    const dialog = await screen.findByRole('alertdialog', { name: '6 fields are empty' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Headline', 'Presenter script', 'Hero image', 'Jingle', 'Brand colour', 'Legal disclaimer']);
    // Background music is optional: not listed.
    expect(api.callsOf('jobs:submit')).toEqual([]);
  });

  it('flags each wrong value under its field, focuses the first and sends nothing', async () => {
    const { api, user } = showForm('video', EVERY_KIND);
    await user.type(screen.getByRole('textbox', { name: /Hero image/ }), 'not an address');
    await user.type(screen.getByRole('textbox', { name: /Jingle/ }), 'http://cdn.example.com/a.mp3');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));

    expect(
      await screen.findByText('2 fields need your attention before the job can be submitted.'),
    ).toBeInTheDocument();
    const hero = screen.getByRole('textbox', { name: /Hero image/ });
    expect(hero).toHaveFocus();
    expect(hero).toHaveAttribute('aria-invalid', 'true');
    expect(hero).toHaveAccessibleDescription(/Hero image needs a web address starting with https:\/\//);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsOf('jobs:submit')).toEqual([]);
  });

  it('flags a negative start offset', async () => {
    const { user } = showForm('video', { headline: { label: 'Headline', instructionType: 'text' } });
    await user.type(screen.getByLabelText('Headline'), 'Hi');
    await user.clear(screen.getByLabelText('Music starts at (seconds)'));
    await user.type(screen.getByLabelText('Music starts at (seconds)'), '-2');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    expect(await screen.findByText('The start offset cannot be negative.')).toBeInTheDocument();
    expect(screen.getByLabelText('Music starts at (seconds)')).toHaveFocus();
  });
});

describe('files', () => {
  it('uploads a dropped image, shows its preview and uses its URL', async () => {
    const { api, user } = showForm('image', { hero: { label: 'Hero image', instructionType: 'image' } });
    await user.upload(screen.getByLabelText('Hero image: file'), png('hero.png', 64));

    expect(await screen.findByText('hero.png uploaded')).toBeInTheDocument();
    const [upload] = api.callsOf('assets:upload') as Array<{
      kind: string;
      name: string;
      mimeType: string;
      bytes: Uint8Array;
    }>;
    expect(upload).toMatchObject({ kind: 'image', name: 'hero.png', mimeType: 'image/png' });
    expect(upload?.bytes).toBeInstanceOf(Uint8Array);
    expect(upload?.bytes.byteLength).toBe(64);
    expect(screen.getByRole('img', { name: 'Preview of Hero image' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.getByRole('textbox', { name: /Hero image/ })).toHaveValue(
      'https://cdn.example.com/hero.png',
    );
  });

  it('plays an uploaded audio clip, and revokes the old preview when the file changes', async () => {
    const { user } = showForm('tts', { voice: { label: 'Voice sample', instructionType: 'audio' } });
    const input = screen.getByLabelText('Voice sample: file');
    await user.upload(input, audio('voice.mp3'));
    expect(await screen.findByText('voice.mp3 uploaded')).toBeInTheDocument();
    const player = screen.getByLabelText('Play Voice sample');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('controls');
    const first = player.getAttribute('src');

    await user.upload(input, audio('voice-2.wav'));
    expect(await screen.findByText('voice-2.wav uploaded')).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(first);
  });

  it('says why a file cannot be used, and does not upload it', async () => {
    const { api, user } = showForm('image', { hero: { label: 'Hero image', instructionType: 'image' } });
    await user.upload(
      screen.getByLabelText('Hero image: file'),
      new File(['plain text'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(/notes\.txt is not an image/)).toBeInTheDocument();
    expect(api.callsOf('assets:upload')).toEqual([]);
  });

  it('shows an upload failure in words', async () => {
    const { user } = showForm(
      'image',
      { hero: { label: 'Hero image', instructionType: 'image' } },
      {
        handlers: {
          'assets:upload': () => {
            throw new FakeFailure({
              kind: 'storage',
              message: 'The sandbox did not store photo.png: disk full',
            });
          },
        },
      },
    );
    await user.upload(screen.getByLabelText('Hero image: file'), png());
    expect(await screen.findByText('The sandbox did not store photo.png: disk full')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Hero image/ })).toHaveValue('');
  });
});

describe('submit', () => {
  it('sends the values in the service’s shapes and adds the job to the queue', async () => {
    const { api, user } = showForm('video', {
      headline: { label: 'Headline', instructionType: 'text' },
      shot: { label: 'Product shot', instructionType: 'image' },
      jingle: { label: 'Jingle', instructionType: 'audio' },
      cta: { label: 'Call to action' },
    });
    await user.type(screen.getByLabelText('Headline'), 'Spring launch');
    await user.upload(screen.getByLabelText('Product shot: file'), png('shot.png'));
    await screen.findByText('shot.png uploaded');
    await user.type(screen.getByRole('textbox', { name: /Jingle/ }), 'https://example.com/jingle.mp3');
    await user.type(screen.getByLabelText('Call to action'), 'Buy now');
    await user.clear(screen.getByLabelText('Music starts at (seconds)'));
    await user.type(screen.getByLabelText('Music starts at (seconds)'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));

    expect(await screen.findByText(/Job submitted/)).toBeInTheDocument();
    expect(api.callsOf('jobs:submit')).toEqual([
      {
        projectId: 'p-1',
        projectName: 'Sample project',
        jobType: 'video',
        values: {
          headline: 'Spring launch',
          shot: { image_url: 'https://cdn.example.com/shot.png' },
          jingle: { audio_url: 'https://example.com/jingle.mp3', effects: [] },
          cta: 'Buy now',
        },
        background: { music: null, volume: 0.5, start: 2.5 },
      },
    ]);
    // The job is in the history and listed as this session's.
    expect(useJobsStore.getState().sessionIds).toEqual(['j-1']);
    expect(useJobsStore.getState().byId['j-1']).toMatchObject({ status: 'QUEUED' });
    // The values stay for the next job, usually a variant of this one.
    expect(screen.getByLabelText('Headline')).toHaveValue('Spring launch');
  });

  it('shows the service’s refusal and keeps what was typed', async () => {
    const { user } = showForm(
      'image',
      { headline: { label: 'Headline', instructionType: 'text' } },
      {
        handlers: {
          'jobs:submit': () => {
            throw new FakeFailure({
              kind: 'bad-request',
              message: 'The service rejected the request. Check the values and try again.',
            });
          },
        },
      },
    );
    await user.type(screen.getByLabelText('Headline'), 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The job could not be submitted');
    expect(alert).toHaveTextContent('The service rejected the request.');
    expect(screen.getByLabelText('Headline')).toHaveValue('Keep me');
  });
});
