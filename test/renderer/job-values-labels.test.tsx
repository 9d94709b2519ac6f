// @vitest-environment jsdom
// The drawer's values are named by their fields' labels ("Presenter photo"), not their ids
// ("presenter_photo"); a project that cannot be read leaves the ids (issue 17, item 11).
import './setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobValues } from '../../src/features/queue/JobValues';
import { FakeFailure, installFakeApi } from './fake-api';
import { mapping } from './fixtures';

const VALUES = {
  script: 'Hello',
  presenter_photo: { image_url: 'https://cdn.example.com/anna.png' },
};

describe('JobValues names', () => {
  it('shows each value under its field’s label', async () => {
    installFakeApi({
      'projects:fields': () =>
        mapping('ai_talking_video', {
          script: { label: 'Presenter script', instructionType: 'text' },
          presenter_photo: { label: 'Presenter photo', instructionType: 'image' },
        }),
    });
    render(<JobValues jobId="job-1" projectId="p-labels" values={VALUES} />);
    expect(await screen.findByText('Presenter photo')).toBeInTheDocument();
    expect(screen.getByText('Presenter script')).toBeInTheDocument();
    expect(screen.queryByText('presenter_photo')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image for Presenter photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the link of Presenter photo' })).toBeInTheDocument();
  });

  it('keeps the ids when the project cannot be read', async () => {
    installFakeApi({
      'projects:fields': () => {
        throw new FakeFailure({ kind: 'not-found', message: 'This project no longer exists.' });
      },
    });
    render(<JobValues jobId="job-1" projectId="p-gone" values={VALUES} />);
    expect(await screen.findByText('presenter_photo')).toBeInTheDocument();
  });
});
