// The simulated worker: transitions over time, outputs in storage, credits, failures and requeues.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { call, waitForStatus } from '../fixtures/sandbox-http';
import { IDS, KEY_A, makeTestSeed } from '../fixtures/test-seed';

const run = promisify(execFile);
let sandbox: RunningSandbox;
let scratch: string;
beforeAll(async () => {
  // Long enough that a poll every 20 ms sees each intermediate state even on a busy two-core machine.
  sandbox = await startSandbox({ seed: makeTestSeed({ durationMs: 1200, slowMs: 3000 }) });
  scratch = await mkdtemp(join(tmpdir(), 'jrs-worker-'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(scratch, { recursive: true, force: true });
});

type Job = Record<string, unknown> & { uuid: string; output?: { output?: string; credit_used?: number } };

async function submit(
  templateId: string,
  jobType: string,
  values: Record<string, unknown> = {},
): Promise<Job> {
  const response = await call(sandbox, 'POST', '/jobs/v2', {
    key: KEY_A,
    body: { template_id: templateId, job_type: jobType, version: 2, values },
  });
  expect(response.status, response.text).toBe(201);
  return (response.body as { job: Job }).job;
}

async function download(key: string): Promise<Buffer> {
  const signed = await call(sandbox, 'GET', `/storage/generate-signed-path?path=${encodeURIComponent(key)}`, {
    key: KEY_A,
  });
  const response = await fetch((signed.body as { signedUrl: string }).signedUrl);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function ffprobe(
  bytes: Buffer,
  name: string,
): Promise<{ format: Record<string, unknown>; streams: Record<string, unknown>[] }> {
  const path = join(scratch, name);
  await writeFile(path, bytes);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    path,
  ]);
  return JSON.parse(stdout) as { format: Record<string, unknown>; streams: Record<string, unknown>[] };
}

describe('the worker', () => {
  it('moves a job QUEUED → STARTED → IN_PROGRESS → SUCCESS, charges its cost and stores a valid MP4', async () => {
    const before = sandbox.inspect.credits(KEY_A);
    const job = await submit(IDS.video, 'ai_talking_video', { headline: 'Spring sale' });
    const { job: done, seen } = await waitForStatus(sandbox, KEY_A, job.uuid, ['SUCCESS', 'FAILED']);
    expect(seen).toEqual(['QUEUED', 'STARTED', 'IN_PROGRESS', 'SUCCESS']);
    const output = (done as Job).output!;
    expect(output.credit_used).toBe(5);
    expect(done['credit_used']).toBe('5');
    expect(output.output).toBe(`ai-talking-videos/${IDS.video}/outputs/${job.uuid}.mp4`);
    expect(sandbox.inspect.credits(KEY_A)).toBe(before - 5);
    const probe = await ffprobe(await download(output.output!), 'out.mp4');
    expect(probe.streams.some((stream) => stream['codec_type'] === 'video')).toBe(true);
    expect(Number(probe.format['duration'])).toBeGreaterThan(0);
    expect((probe.format['tags'] as Record<string, string>)['title']).toBe('Spring sale');
  });

  it('writes audio for tts, an image for image types, a PDF and a QC report', async () => {
    const jobs = await Promise.all([
      submit(IDS.tts, 'tts', { headline: 'Welcome to the spring sale' }),
      submit(IDS.image, 'image', { headline: 'Big headline' }),
      submit(IDS.prompt, 'ai_image_generation', { headline: 'A beach' }),
      submit(IDS.pdf, 'pdf', { headline: 'Flyer headline' }),
      submit(IDS.photoQc, 'photo_qc', { photo: { image_url: 'https://example.com/p.jpg' } }),
    ]);
    const outputs = await Promise.all(
      jobs.map(
        async (job) =>
          ((await waitForStatus(sandbox, KEY_A, job.uuid, ['SUCCESS', 'FAILED'])).job as Job).output!,
      ),
    );
    const [tts, image, aiImage, pdf, qc] = await Promise.all(
      outputs.map((output) => download(output.output!)),
    );
    const audio = await ffprobe(tts!, 'tts.wav');
    expect(audio.streams[0]?.['codec_type']).toBe('audio');
    expect(Number(audio.format['duration'])).toBeGreaterThan(0);
    for (const png of [image!, aiImage!]) {
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const probe = await ffprobe(png, 'image.png');
      expect(probe.streams[0]?.['width']).toBeGreaterThan(0);
    }
    expect(outputs[2]!.output).toMatch(new RegExp(`^ai-images/${IDS.prompt}/outputs/`));
    expect(pdf!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const report = JSON.parse(qc!.toString('utf8')) as { jobId: string };
    expect(report.jobId).toBe(jobs[4]!.uuid);
  });

  it('fails jobs of a failing project without charging them', async () => {
    const before = sandbox.inspect.credits(KEY_A);
    const job = await submit(IDS.failing, 'video');
    const { job: done } = await waitForStatus(sandbox, KEY_A, job.uuid, ['SUCCESS', 'FAILED']);
    expect(done['job_status']).toBe('FAILED');
    expect(done['credit_used']).toBe('0');
    expect(sandbox.inspect.credits(KEY_A)).toBe(before);
  });

  it('runs a requeued job again, charging it again', async () => {
    const job = await submit(IDS.image, 'image', { headline: 'Again' });
    await waitForStatus(sandbox, KEY_A, job.uuid, ['SUCCESS']);
    const before = sandbox.inspect.credits(KEY_A);
    const trigger = await call(sandbox, 'POST', '/jobs/trigger-job', {
      key: KEY_A,
      body: { ids: [job.uuid] },
    });
    expect(trigger.status).toBe(201);
    const { seen } = await waitForStatus(sandbox, KEY_A, job.uuid, ['SUCCESS', 'FAILED']);
    expect(seen[0]).toBe('QUEUED');
    expect(seen[seen.length - 1]).toBe('SUCCESS');
    expect(sandbox.inspect.credits(KEY_A)).toBe(before - 2);
  });

  it('leaves a job alone once PUT has taken it over', async () => {
    const job = await submit(IDS.slow, 'video');
    await waitForStatus(sandbox, KEY_A, job.uuid, ['STARTED', 'IN_PROGRESS']);
    await call(sandbox, 'PUT', `/jobs/${job.uuid}`, {
      key: KEY_A,
      body: { job_status: 'FAILED', output: { reason: 'manual' } },
    });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const after = await call(sandbox, 'GET', `/jobs/${job.uuid}`, { key: KEY_A });
    expect(after.body).toMatchObject({ job_status: 'FAILED', output: { reason: 'manual' } });
  });
});
