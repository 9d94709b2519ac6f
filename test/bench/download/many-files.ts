// bench:download's many-files case, the one a batch makes: 500 outputs of 1 MB from the sandbox's own CDN
// answering after 20 ms (its --latency), saved by the app's download queue (queue-child.ts: its own
// choice of downloads at once, every file synced and named done in its history) against
// `curl --parallel --parallel-max 8` then `sync` of the same files, on the same signed links, alternating.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runChild } from '../polling/run-child';
import { fileSha256 } from './file-sha256';

const run = promisify(execFile);

export const MANY = {
  count: 500,
  bytes: 1_000_000,
  latencyMs: 20,
  curlParallel: 8,
  project: 'd0000000-0000-4000-8000-00000000a500',
} as const;

export interface ManyRun {
  curlMs: number;
  queueMs: number;
}

interface Api {
  <T>(path: string, init?: RequestInit): Promise<T>;
}

/** Submits the outputs (a few requests at a time) and waits for them: their storage paths. */
export async function makeManyOutputs(api: Api): Promise<string[]> {
  const uuids: string[] = [];
  const submit = async () => {
    while (uuids.length < MANY.count) {
      const slot = uuids.push('') - 1;
      const created = await api<{ job: { uuid: string } }>('/jobs/v2', {
        method: 'POST',
        body: JSON.stringify({
          project_id: MANY.project,
          job_type: 'video',
          values: { headline: `${slot}` },
        }),
      });
      uuids[slot] = created.job.uuid;
    }
  };
  await Promise.all(Array.from({ length: 8 }, submit));
  const paths = new Map<string, string>();
  while (paths.size < uuids.length) {
    const waiting = uuids.filter((uuid) => !paths.has(uuid));
    await Promise.all(
      waiting.map(async (uuid) => {
        const job = await api<{ job_status: string; output?: { output?: string } }>(`/jobs/${uuid}`);
        if (job.job_status === 'FAILED') throw new Error(`output ${uuid} failed to render`);
        if (job.job_status === 'SUCCESS' && job.output?.output) paths.set(uuid, job.output.output);
      }),
    );
    if (paths.size < uuids.length) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return uuids.map((uuid) => paths.get(uuid)!);
}

/** Signs every output's link (a few at a time): the links both curl and the queue fetch. */
export async function signAll(
  api: Api,
  paths: readonly string[],
): Promise<Array<{ path: string; url: string }>> {
  const links: Array<{ path: string; url: string }> = [];
  let next = 0;
  const sign = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const { signedUrl } = await api<{ signedUrl: string }>(
        `/storage/generate-signed-path?path=${encodeURIComponent(path)}`,
      );
      links.push({ path, url: signedUrl });
    }
  };
  await Promise.all(Array.from({ length: 8 }, sign));
  return links;
}

async function hashes(folder: string): Promise<string[]> {
  const names = await readdir(folder);
  return (await Promise.all(names.map((name) => fileSha256(join(folder, name))))).sort();
}

/** One curl run then one queue run; with `check`, whether both saved the same bytes. */
export async function manyRun(
  work: string,
  accountUrl: string,
  links: ReadonlyArray<{ path: string; url: string }>,
  check: boolean,
): Promise<ManyRun & { identical: boolean | null }> {
  const curlDir = join(work, 'many-curl');
  const queueDir = join(work, 'many-queue');
  const history = join(work, 'many-history');
  await Promise.all([curlDir, queueDir, history].map((dir) => rm(dir, { recursive: true, force: true })));
  await Promise.all([curlDir, queueDir, history].map((dir) => mkdir(dir, { recursive: true })));

  const config = join(work, 'many-curl.cfg');
  const files = links.map((_, i) => join(curlDir, `${String(i).padStart(4, '0')}.bin`));
  await writeFile(config, links.map((link, i) => `url = "${link.url}"\noutput = "${files[i]}"\n`).join(''));
  const started = performance.now();
  await run(
    'curl',
    ['--parallel', '--parallel-max', String(MANY.curlParallel), '-sS', '--fail', '-K', config],
    { maxBuffer: 1 << 24 },
  );
  // The same durable work as the queue's: each file synced (`sync FILE…` fsyncs each).
  await run('sync', files, { maxBuffer: 1 << 24 });
  const curlMs = performance.now() - started;

  const linksFile = join(work, 'many-links.json');
  await writeFile(linksFile, JSON.stringify(links));
  const queue = await runChild<{ ms: number }>('../download/queue-child.ts', [
    accountUrl,
    linksFile,
    queueDir,
    history,
  ]);
  const identical = check
    ? (await hashes(curlDir)).join() === (await hashes(queueDir)).join() &&
      (await readdir(queueDir)).length === MANY.count
    : null;
  await Promise.all([curlDir, queueDir, history].map((dir) => rm(dir, { recursive: true, force: true })));
  return { curlMs, queueMs: queue.ms, identical };
}
