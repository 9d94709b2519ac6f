// @vitest-environment jsdom
// The drawer's values: a file on this computer (the built-in sandbox's upload) is asked of core
// (assets:preview) and shown as a blob: URL, revoked when the values leave the screen; an https file is
// loaded from its address as before; a refusal says "Preview unavailable" and why, keeping the address.
import './setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { JobValues } from '../../src/features/queue/JobValues';
import { FakeFailure, installFakeApi } from './fake-api';

const LOCAL = 'http://127.0.0.1:41234/cdn/uploads/a/photo.png?sig=1';
const ONE_PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('JobValues previews', () => {
  it('asks core for a file on this computer and shows its bytes as a blob: URL, revoked on close', async () => {
    const api = installFakeApi({
      'assets:preview': () => ({ mimeType: 'image/png', base64: ONE_PIXEL }),
    });
    const view = render(<JobValues jobId="job-1" values={{ photo: { image_url: LOCAL } }} />);
    const image = await screen.findByRole('img', { name: 'Image for photo' });
    expect(api.callsOf('assets:preview')).toEqual([{ jobId: 'job-1', field: 'photo' }]);
    const src = image.getAttribute('src') ?? '';
    expect(src).toMatch(/^blob:/);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 4)).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
    // Kept by its file name; the signed link itself is not on screen.
    expect(screen.getByText('photo.png')).toBeInTheDocument();
    expect(screen.queryByText(LOCAL)).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(src);
  });

  it('loads an https file from its address, without asking core', async () => {
    const api = installFakeApi({});
    render(<JobValues jobId="job-1" values={{ photo: { image_url: 'https://cdn.example.com/a.png' } }} />);
    expect(await screen.findByRole('img', { name: 'Image for photo' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/a.png',
    );
    expect(api.callsOf('assets:preview')).toEqual([]);
  });

  it('says why core refused, keeping the address', async () => {
    installFakeApi({
      'assets:preview': () => {
        throw new FakeFailure({ kind: 'invalid-input', message: 'This audio is over 50 MB.' });
      },
    });
    render(<JobValues jobId="job-2" values={{ voice: { audio_url: LOCAL } }} />);
    expect(await screen.findByText('Preview unavailable')).toBeInTheDocument();
    expect(screen.getByText('This audio is over 50 MB.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Play the audio for voice')).not.toBeInTheDocument();
    // Kept by its file name; the signed link itself is not on screen.
    expect(screen.getByText('photo.png')).toBeInTheDocument();
    expect(screen.queryByText(LOCAL)).not.toBeInTheDocument();
  });
});
