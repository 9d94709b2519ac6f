// @vitest-environment jsdom
// The job form must never spend credits by accident (issue 7): Enter in a one-line field does not submit,
// Ctrl/Cmd+Enter does; empty fields are allowed but listed in a confirmation first, which a project can be
// told to skip; the values that are there are still checked.
import './setup';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showForm } from './show-form';

const TWO_TEXTS = {
  headline: { label: 'Headline', instructionType: 'text' },
  subtitle: { label: 'Subtitle', instructionType: 'text' },
};

describe('the Enter key (bug 1)', () => {
  it('does not submit from a one-line field', async () => {
    const { api, user } = showForm('image', TWO_TEXTS);
    // A form's submission starts with its submit event, dispatched at once when Enter would submit.
    let submits = 0;
    screen.getByRole('form').addEventListener('submit', () => (submits += 1));
    await user.type(screen.getByLabelText('Headline'), 'Spring{Enter}');
    await user.type(screen.getByLabelText('Subtitle'), 'Hi{Enter}');
    expect(submits).toBe(0);
    expect(api.callsOf('jobs:submit')).toEqual([]);
    expect(screen.getByLabelText('Headline')).toHaveValue('Spring');
  });

  it('submits with Ctrl+Enter from a field, and with Cmd+Enter', async () => {
    const { api, user } = showForm('image', TWO_TEXTS);
    await user.type(screen.getByLabelText('Headline'), 'Spring');
    await user.type(screen.getByLabelText('Subtitle'), 'Hello');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsOf('jobs:submit')).toHaveLength(1));
    await screen.findByText(/Job submitted/);
    await user.type(screen.getByLabelText('Headline'), 'Summer');
    await user.type(screen.getByLabelText('Subtitle'), 'Hello');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(api.callsOf('jobs:submit')).toHaveLength(2));
  });

  it('names the shortcut on the button', () => {
    showForm('image', TWO_TEXTS);
    expect(screen.getByRole('button', { name: 'Submit job' })).toHaveAccessibleDescription(
      /Ctrl\+Enter|⌘Enter/,
    );
  });
});

describe('empty fields (bug 2)', () => {
  it('lists them in a confirmation, and sends the job when the person goes on', async () => {
    const { api, user } = showForm('image', {
      ...TWO_TEXTS,
      photo: { label: 'Product photo', instructionType: 'image' },
    });
    await user.type(screen.getByLabelText('Headline'), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));

    const dialog = await screen.findByRole('alertdialog', { name: '2 fields are empty' });
    expect(within(dialog).getByRole('list')).toHaveTextContent('Subtitle');
    expect(within(dialog).getByRole('list')).toHaveTextContent('Product photo');
    expect(api.callsOf('jobs:submit')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));

    await waitFor(() => expect(api.callsOf('jobs:submit')).toHaveLength(1));
    expect(api.callsOf('jobs:submit')[0]).toMatchObject({
      values: { headline: 'Spring', subtitle: '' },
    });
    expect(api.callsOf('forms:setSkipEmptyCheck')).toEqual([]);
  });

  it('goes back to the first empty field when the person cancels', async () => {
    const { api, user } = showForm('image', TWO_TEXTS);
    await user.type(screen.getByLabelText('Headline'), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    const dialog = await screen.findByRole('alertdialog', { name: '1 field is empty' });
    await user.click(within(dialog).getByRole('button', { name: 'Go back and fill it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Subtitle')).toHaveFocus();
    expect(api.callsOf('jobs:submit')).toEqual([]);
  });

  it('remembers "don’t ask again for this project"', async () => {
    const { api, user } = showForm('image', TWO_TEXTS);
    await user.type(screen.getByLabelText('Headline'), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Don’t ask again for this project' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(() => expect(api.callsOf('jobs:submit')).toHaveLength(1));
    expect(api.callsOf('forms:setSkipEmptyCheck')).toEqual([{ projectId: 'p-1', skip: true }]);

    // The next job with an empty field goes straight out.
    await screen.findByText(/Job submitted/);
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    await waitFor(() => expect(api.callsOf('jobs:submit')).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  // Issue 17 item 11: a field the service itself calls optional is left empty on purpose, not forgotten.
  it('does not list a field whose label says it is optional', async () => {
    const { api, user } = showForm('video', {
      headline: { label: 'Headline', instructionType: 'text' },
      voiceover: { label: 'Voice-over (optional)', instructionType: 'audio' },
      music: { label: 'Background music (Optional)', instructionType: 'audio' },
      subtitle: { label: 'Subtitle', instructionType: 'text' },
    });
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    const dialog = await screen.findByRole('alertdialog', { name: '2 fields are empty' });
    expect(within(dialog).getByRole('list')).toHaveTextContent('Headline');
    expect(within(dialog).getByRole('list')).toHaveTextContent('Subtitle');
    expect(within(dialog).getByRole('list')).not.toHaveTextContent(/optional/i);
    await user.click(within(dialog).getByRole('button', { name: 'Go back and fill them' }));
    await user.type(screen.getByLabelText('Headline'), 'Spring');
    await user.type(screen.getByLabelText('Subtitle'), 'Now open');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    await waitFor(() => expect(api.callsOf('jobs:submit')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does not ask for a project where the person said so before', async () => {
    const { api, user } = showForm('image', TWO_TEXTS, { memory: { draft: null, skipEmptyCheck: true } });
    await user.type(screen.getByLabelText('Headline'), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    await waitFor(() => expect(api.callsOf('jobs:submit')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('still checks the values that are there', async () => {
    const { api, user } = showForm('image', {
      headline: { label: 'Headline', instructionType: 'text' },
      photo: { label: 'Product photo', instructionType: 'image' },
    });
    await user.type(screen.getByRole('textbox', { name: /Product photo/ }), 'http://cdn.example.com/a.png');
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    expect(
      await screen.findByText(
        'Product photo needs a web address starting with https:// (http:// only for this computer, such as the sandbox).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsOf('jobs:submit')).toEqual([]);
  });
});
