// The MP4 for video jobs: the bundled sample clip, tagged with the job's text so each output is its own.
import type { OutputRequest, RenderedOutput } from './types';
import { withMetadata } from './mp4-boxes';
import { loadSampleMp4 } from './sample-media';
import { cleanText, pickTitle, textEntries } from './text-values';

const MAX_TITLE = 256;
const MAX_VALUE = 500;
const MAX_COMMENT_BYTES = 4000;

function comment(request: OutputRequest): string {
  const lines = [`Job ${cleanText(String(request.jobId), 200)} (${request.jobType})`];
  for (const entry of textEntries(request.values, MAX_VALUE)) lines.push(`${entry.label}: ${entry.text}`);
  const text = lines.join('\n');
  if (Buffer.byteLength(text, 'utf8') <= MAX_COMMENT_BYTES) return text;
  // Cut on a code point, never mid UTF-8 sequence.
  let cut = '';
  let bytes = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > MAX_COMMENT_BYTES - 3) break;
    cut += character;
  }
  return `${cut}…`;
}

export async function renderVideo(request: OutputRequest): Promise<RenderedOutput> {
  const sample = await loadSampleMp4();
  const title = pickTitle(request.values, request.projectName, request.jobId, MAX_TITLE);
  return {
    bytes: withMetadata(sample, { title, comment: comment(request) }),
    extension: 'mp4',
    contentType: 'video/mp4',
  };
}
