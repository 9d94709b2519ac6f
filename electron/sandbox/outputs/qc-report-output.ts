// The JSON report for photo_qc jobs: one check per submitted image, with stable made-up scores (from a
// hash of the URL) so repeated runs of one job give one answer and tests can rely on it.
import { createHash } from 'node:crypto';
import type { OutputRequest, RenderedOutput } from './types';
import { cleanText, textEntries } from './text-values';

const MAX_URL = 2048;

function score(seed: string, salt: string, low: number): number {
  const digest = createHash('sha256').update(`${salt}:${seed}`).digest();
  return Math.round((low + (digest.readUInt16BE(0) / 0xffff) * (1 - low)) * 1000) / 1000;
}

export function renderQcReport(request: OutputRequest, now: Date = new Date()): RenderedOutput {
  const entries = textEntries(request.values, MAX_URL);
  // Images come as {image_url}; a plain string that is a URL is treated as one too.
  const images = entries.filter((entry) => entry.kind === 'image_url' || /^https?:\/\//iu.test(entry.text));
  const checks = images.map((entry) => ({
    field: entry.label,
    imageUrl: entry.text,
    passed: true,
    sharpness: score(entry.text, 'sharpness', 0.7),
    exposure: score(entry.text, 'exposure', 0.6),
    faceDetected: true,
    issues: [] as string[],
  }));
  const report = {
    jobId: cleanText(String(request.jobId), 200),
    jobType: request.jobType,
    projectName: cleanText(String(request.projectName), 200),
    checkedAt: now.toISOString(),
    checks,
    passed: true,
    summary: checks.length
      ? `${checks.length} of ${checks.length} image(s) passed.`
      : 'No image was submitted; nothing to check.',
  };
  return {
    bytes: Buffer.from(`${JSON.stringify(report, null, 2)}\n`, 'utf8'),
    extension: 'json',
    contentType: 'application/json',
  };
}
