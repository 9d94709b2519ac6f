// A file's content, not its name: every format the image and audio fields take is known by its first
// bytes; zeros, a truncated header, or an audio file named .png are refused with a sentence saying so.
import { describe, expect, it } from 'vitest';
import { contentProblem, sniffFormat } from '../../electron/shared/domain/asset-content';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

const SAMPLES: Array<[string, Uint8Array, 'image' | 'audio']> = [
  ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image'],
  ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image'],
  ['GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image'],
  ['GIF', bytes('GIF87a', [1, 0, 1, 0]), 'image'],
  ['WEBP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image'],
  ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio'],
  ['MP3', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio'],
  ['MP3', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio'],
  ['AAC', bytes([0xff, 0xf1, 0x50, 0x80]), 'audio'],
  ['OGG', bytes('OggS', [0, 2]), 'audio'],
  ['FLAC', bytes('fLaC', [0, 0, 0, 34]), 'audio'],
  ['WEBM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'audio'],
  ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio'],
];

describe('sniffFormat', () => {
  it.each(SAMPLES)('knows %s', (label, head, kind) => {
    expect(sniffFormat(head)).toEqual({ kind, label });
  });

  it.each([
    ['zeros', new Uint8Array(64)],
    ['nothing', new Uint8Array()],
    ['a truncated PNG signature', bytes([0x89], 'PN')],
    ['text', bytes('hello world, not a picture')],
    ['RIFF of another kind', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
  ])('knows nothing in %s', (_name, head) => {
    expect(sniffFormat(head)).toBeNull();
  });
});

describe('contentProblem', () => {
  it('accepts a file of the field’s kind, whatever its name', () => {
    expect(contentProblem('image', 'photo.jpg', SAMPLES[0]![1])).toBeNull();
    expect(contentProblem('audio', 'voice', SAMPLES[6]![1])).toBeNull();
  });

  it('says a zero-filled file is not what its name claims, and what to do', () => {
    expect(contentProblem('image', 'fake.png', new Uint8Array(64))).toBe(
      'fake.png is not a readable image: its content is not PNG, JPG, WEBP or GIF (it may be damaged, or another kind of file renamed). Export it again, or choose another file.',
    );
  });

  it('tells a HEIC or AVIF photo (which shares its header with M4A audio) from audio, and says to export it', () => {
    const heic = bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]);
    expect(sniffFormat(heic)).toEqual({ kind: 'image', label: 'HEIC', taken: false });
    expect(contentProblem('image', 'IMG_0001.png', heic)).toBe(
      'IMG_0001.png is a HEIC photo, which the service does not take. Export it as PNG, JPG, WEBP or GIF first.',
    );
    expect(contentProblem('audio', 'x.m4a', bytes([0, 0, 0, 0x1c], 'ftypavif'))).toMatch(
      /is an image \(AVIF\)/,
    );
  });

  it('names the other kind when a file of it is dropped on the wrong field', () => {
    expect(contentProblem('image', 'song.png', SAMPLES[6]![1])).toBe(
      'song.png is an audio file (MP3), not an image. Choose an image (PNG, JPG, WEBP or GIF).',
    );
    expect(contentProblem('audio', 'banner.mp3', SAMPLES[0]![1])).toBe(
      'banner.mp3 is an image (PNG), not an audio file. Choose an audio file (MP3, WAV, M4A, AAC, OGG, WEBM or FLAC).',
    );
  });
});
