// The audio for tts jobs: a PCM WAV of soft tones, one per character of the text, so a longer text gives
// a longer clip; a RIFF INFO chunk names it after the text, which players and ffprobe show as its title.
import type { OutputRequest, RenderedOutput } from './types';
import { cleanText, textEntries } from './text-values';

const SAMPLE_RATE = 22_050;
const NOTE_SECONDS = 0.09;
const MIN_SECONDS = 1;
const MAX_SECONDS = 8;
const MAX_TEXT = 2000;
const MAX_TAG_BYTES = 1000;
// A pentatonic scale sounds pleasant whatever order the characters come in.
const SCALE_STEPS = [0, 2, 4, 7, 9, 12, 14, 16, 19, 21];

function spokenText(request: OutputRequest): string {
  const texts = textEntries(request.values, MAX_TEXT)
    .filter((entry) => entry.kind === 'text')
    .map((entry) => entry.text);
  return (
    texts.join(' ') ||
    cleanText(String(request.projectName), MAX_TEXT) ||
    cleanText(String(request.jobId), MAX_TEXT) ||
    'tts'
  );
}

function synthesize(text: string): Buffer {
  const characters = Array.from(text);
  const seconds = Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, 0.4 + characters.length * NOTE_SECONDS));
  const count = Math.round(seconds * SAMPLE_RATE);
  const pcm = Buffer.alloc(count * 2);
  const noteLength = Math.round(NOTE_SECONDS * SAMPLE_RATE);
  const fade = Math.round(0.012 * SAMPLE_RATE);
  for (let start = 0, index = 0; start < count; start += noteLength, index++) {
    const character = characters[index % characters.length] ?? 'a';
    // Spaces are the pauses between words, as in speech.
    if (/\s/u.test(character)) continue;
    const step = SCALE_STEPS[(character.codePointAt(0) ?? 0) % SCALE_STEPS.length] ?? 0;
    const frequency = 220 * 2 ** (step / 12);
    const end = Math.min(count, start + noteLength);
    for (let i = start; i < end; i++) {
      const t = (i - start) / SAMPLE_RATE;
      // Fading in and out of each note avoids clicks at the boundaries.
      const envelope = Math.min(1, (i - start) / fade, (end - i) / fade);
      const wave = Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(4 * Math.PI * frequency * t);
      pcm.writeInt16LE(Math.round(envelope * wave * 0.3 * 32767), i * 2);
    }
  }
  return pcm;
}

/** A UTF-8 string cut to `maxBytes` on a code point boundary. */
function utf8Upto(text: string, maxBytes: number): Buffer {
  let bytes = 0;
  let out = '';
  for (const character of text) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > maxBytes) break;
    out += character;
  }
  return Buffer.from(out, 'utf8');
}

function chunk(id: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(payload.length, 4);
  // RIFF chunks start on even offsets; the pad byte is not counted in the size.
  return Buffer.concat([header, payload, Buffer.alloc(payload.length % 2)]);
}

const infoString = (text: string): Buffer => Buffer.concat([utf8Upto(text, MAX_TAG_BYTES), Buffer.alloc(1)]);

export function renderWav(request: OutputRequest): RenderedOutput {
  const text = spokenText(request);
  const pcm = synthesize(text);
  const format = Buffer.alloc(16);
  format.writeUInt16LE(1, 0); // PCM
  format.writeUInt16LE(1, 2); // mono
  format.writeUInt32LE(SAMPLE_RATE, 4);
  format.writeUInt32LE(SAMPLE_RATE * 2, 8);
  format.writeUInt16LE(2, 12);
  format.writeUInt16LE(16, 14);
  const info = [
    chunk('INAM', infoString(text)),
    chunk('ICMT', infoString(`Job ${cleanText(String(request.jobId), 200)}`)),
  ];
  const project = cleanText(String(request.projectName), 200);
  if (project) info.push(chunk('IPRD', infoString(project)));
  info.push(chunk('ISFT', infoString('Job Rendering Service sandbox')));
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    chunk('fmt ', format),
    chunk('LIST', Buffer.concat([Buffer.from('INFO', 'latin1'), ...info])),
    chunk('data', pcm),
  ]);
  return { bytes: chunk('RIFF', body), extension: 'wav', contentType: 'audio/wav' };
}
