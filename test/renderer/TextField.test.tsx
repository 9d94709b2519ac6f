// @vitest-environment jsdom
// Text fields: a character count (against what the output shows well, where the project's type says), and a
// colour field whose picker follows the text (a code or a CSS name) and writes a picked colour back in the
// text's own style; the service gets the colour as #rrggbb.
import './setup';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickerValue, textForPicked } from '../../src/features/job-form/color-text';
import { showForm } from './show-form';

describe('the character count', () => {
  it('counts what is written', async () => {
    const { user } = showForm('video', { script: { label: 'Presenter script', instructionType: 'text' } });
    await user.type(screen.getByLabelText('Presenter script'), 'Hello there');
    expect(screen.getByText('11 characters')).toBeInTheDocument();
  });

  it('counts against what a banner shows well, and warns past it', async () => {
    const { user } = showForm('image', { headline: { label: 'Headline', instructionType: 'text' } });
    const headline = screen.getByLabelText('Headline');
    await user.type(headline, 'Hello there');
    expect(screen.getByText('11 / 60')).toBeInTheDocument();
    await user.type(headline, ' and welcome to our biggest spring sale of shoes ever held');
    expect(screen.getByText('69 / 60')).toBeInTheDocument();
    expect(headline).toHaveAccessibleDescription(
      'Headline: 69 characters; a banner shows about 60 well. Shorten it or it will be cut.',
    );
  });
});

describe('a colour field', () => {
  it('shows the typed colour in the picker, and writes a picked one back as the text was written', async () => {
    const { api, user } = showForm('image', {
      accent: { label: 'Accent colour', instructionType: 'colour' },
    });
    const text = screen.getByLabelText('Accent colour');
    const picker = screen.getByLabelText('Pick a colour');
    await user.type(text, '#FF6600');
    expect(picker).toHaveValue('#ff6600');

    fireEvent.input(picker, { target: { value: '#00aa33' } });
    expect(text).toHaveValue('#00AA33');

    // What is sent is the colour as #rrggbb, whatever way it was written.
    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    await screen.findByText(/Job submitted/);
    expect(api.callsOf('jobs:submit')[0]).toMatchObject({ values: { accent: '#00aa33' } });
  });
});

describe('colour text', () => {
  it('reads #rgb, #rrggbb, bare six-digit hex and CSS colour names; nothing else', () => {
    expect(pickerValue('#F60')).toBe('#ff6600');
    expect(pickerValue(' ff6600 ')).toBe('#ff6600');
    expect(pickerValue('orange')).toBe('#ffa500');
    expect(pickerValue('#ff66')).toBeNull();
    expect(pickerValue('ocean blue')).toBeNull();
  });

  it('keeps the text’s case, its # and its short form where the colour allows', () => {
    expect(textForPicked('#aabbcc', '#FFF')).toBe('#ABC');
    expect(textForPicked('#aabbcd', '#FFF')).toBe('#AABBCD');
    expect(textForPicked('#123456', 'ff6600')).toBe('123456');
    expect(textForPicked('#123456', '')).toBe('#123456');
    expect(textForPicked('#abcdef', 'orange')).toBe('#abcdef');
  });
});
