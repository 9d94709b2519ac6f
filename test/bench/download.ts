// `npm run bench:download`: the app's downloader against curl, from the sandbox's CDN on loopback (the
// sandbox in a child process, the downloader in another), on 10 MB, 100 MB and 1 GB outputs, alternating
// runs. Prints throughput and the ratio to curl, the downloader's peak RSS above its baseline, then, with
// the CDN throttled, cut short every few MB and its links expiring mid-download, the bytes fetched per
// byte of file and whether every file is byte-identical; ends with DESIGN.md's `target …` lines.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startSandboxProcess, type SandboxProcess } from './polling/sandbox-process';
import { runChild } from './polling/run-child';
import { table, target } from './report-lines';
import { fileSha256 } from './download/file-sha256';

const KEY = 'bench-key-download-0001';
const MB = 1_000_000;
const SIZES = [
  { name: '10 MB', bytes: 10 * MB, runs: 5, project: 'd0000000-0000-4000-8000-000000000010' },
  { name: '100 MB', bytes: 100 * MB, runs: 3, project: 'd0000000-0000-4000-8000-000000000100' },
  { name: '1 GB', bytes: 1000 * MB, runs: 2, project: 'd0000000-0000-4000-8000-000000001000' },
] as const;
/** The faults phase: a 100 MB file over a 60 MB/s CDN that cuts every connection after 4 MB, with links
 *  that live 1.5 s (so several expire mid-download). */
const FAULTS = { size: SIZES[1], bytesPerSecond: 60 * MB, cutAfter: 4 * MB, ttlMs: 1500 };

interface ChildResult {
  ms: number;
  fetched: number;
  attempts: number;
  signs: number;
  baseline: number;
  peak: number;
  sha256: string;
}

const run = promisify(execFile);
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const rate = (bytes: number, ms: number) => (bytes / MB / (ms / 1000)).toFixed(0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function api<T>(sandbox: SandboxProcess, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${sandbox.url}${path}`, {
    ...init,
    headers: { 'x-api-key': KEY, 'content-type': 'application/json', ...init.headers },
  });
  return (await response.json()) as T;
}

/** Submits one job per size and waits for their outputs: the storage paths. */
async function makeOutputs(sandbox: SandboxProcess): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const size of SIZES) {
    const created = await api<{ job: { uuid: string } }>(sandbox, '/jobs/v2', {
      method: 'POST',
      body: JSON.stringify({ project_id: size.project, job_type: 'video', values: { headline: size.name } }),
    });
    ids.set(size.name, created.job.uuid);
  }
  const paths = new Map<string, string>();
  while (paths.size < SIZES.length) {
    for (const [name, uuid] of ids) {
      const job = await api<{ job_status: string; output?: { output?: string } }>(sandbox, `/jobs/${uuid}`);
      if (job.job_status === 'FAILED') throw new Error(`the ${name} output failed to render`);
      if (job.job_status === 'SUCCESS' && job.output?.output) paths.set(name, job.output.output);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return paths;
}

async function curl(
  sandbox: SandboxProcess,
  storagePath: string,
  file: string,
): Promise<{ ms: number; synced: number; sha: string }> {
  const { signedUrl } = await api<{ signedUrl: string }>(
    sandbox,
    `/storage/generate-signed-path?path=${encodeURIComponent(storagePath)}`,
  );
  const started = performance.now();
  const { stdout } = await run('curl', ['-sS', '--fail', '-o', file, '-w', '%{time_total}', signedUrl]);
  // The app syncs each file to disk before it names it done; `sync FILE` does the same for curl's.
  await run('sync', [file]);
  const synced = performance.now() - started;
  const sha = await fileSha256(file);
  await rm(file, { force: true });
  return { ms: Number(stdout) * 1000, synced, sha };
}

/** One timed download in a fresh child, after one untimed download of `warmUpPath` (see the child). */
function downloader(
  sandbox: SandboxProcess,
  storagePath: string,
  warmUpPath: string,
  folder: string,
  mode = 'speed',
) {
  return runChild<ChildResult>('../download/downloader-child.ts', [
    sandbox.url,
    KEY,
    storagePath,
    folder,
    mode,
    warmUpPath,
  ]);
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'jrs-bench-download-'));
  const free = await statfs(work).then((stats) => stats.bavail * stats.bsize);
  if (free < 4 * 1000 * MB) throw new Error(`${work} has ${mb(free)} MB free; the bench needs 4,000 MB.`);
  const seedPath = join(work, 'seed.json');
  await writeFile(
    seedPath,
    JSON.stringify({
      accounts: [
        {
          apiKey: KEY,
          credits: 1000,
          projects: SIZES.map((size) => ({
            projectId: size.project,
            projectName: `Bench ${size.name}`,
            projectType: 'video',
            fields: { headline: { label: 'Headline', instructionType: 'text' } },
            simulate: { outcome: 'SUCCESS', durationMs: 100, creditCost: 1, outputBytes: size.bytes },
          })),
        },
      ],
    }),
  );
  const dataDir = join(work, 'sandbox');
  let sandbox = await startSandboxProcess(seedPath, ['--data-dir', dataDir]);
  try {
    console.log(`bench:download on ${cpus().length} cores, files in ${work}`);
    const paths = await makeOutputs(sandbox);

    const rows: string[][] = [];
    const ratios: number[] = [];
    const syncedRatios: number[] = [];
    const overBaseline: number[] = [];
    const reference = new Map<string, string>();
    let identical = true;
    for (const size of SIZES) {
      const storagePath = paths.get(size.name)!;
      const app: ChildResult[] = [];
      const floor: number[] = [];
      const curled: number[] = [];
      const curledSynced: number[] = [];
      for (let i = 0; i < size.runs; i++) {
        // Alternating, so that the page cache and the machine's load weigh on both alike.
        const byCurl = await curl(sandbox, storagePath, join(work, 'curl.bin'));
        curled.push(byCurl.ms);
        curledSynced.push(byCurl.synced);
        reference.set(size.name, byCurl.sha);
        const byApp = await downloader(sandbox, storagePath, paths.get(SIZES[0].name)!, work);
        app.push(byApp);
        identical &&= byApp.sha256 === byCurl.sha;
        floor.push((await downloader(sandbox, storagePath, paths.get(SIZES[0].name)!, work, 'floor')).ms);
      }
      const appMs = median(app.map((result) => result.ms));
      const curlMs = median(curled);
      const floorMs = median(floor);
      const curlSyncedMs = median(curledSynced);
      const ratio = curlMs / appMs;
      const syncedRatio = curlSyncedMs / appMs;
      const rss = Math.max(...app.map((result) => result.peak - result.baseline));
      ratios.push(ratio);
      syncedRatios.push(syncedRatio);
      overBaseline.push(rss);
      rows.push([
        size.name,
        String(size.runs),
        rate(size.bytes, appMs),
        rate(size.bytes, curlMs),
        ratio.toFixed(2),
        rate(size.bytes, curlSyncedMs),
        syncedRatio.toFixed(2),
        rate(size.bytes, floorMs),
        (floorMs / appMs).toFixed(2),
        (curlMs / floorMs).toFixed(2),
        mb(rss),
        mb(Math.max(...app.map((result) => result.peak))),
      ]);
    }
    console.log(
      '\nSpeed (median of the runs; MB/s; RSS in MB). The downloader syncs each file to disk before naming it\n' +
        'done; "curl+sync" is curl followed by `sync FILE`, the same work. "node floor" reads the body with\n' +
        'node:http and drops it (no disk, no app code): the most a Node process takes off this socket.',
    );
    console.log(
      table(
        [
          'file',
          'runs',
          'downloader',
          'curl',
          'ratio',
          'curl+sync',
          'ratio',
          'node floor',
          'vs floor',
          'floor vs curl',
          'peak RSS over baseline',
          'peak RSS',
        ],
        rows,
      ),
    );

    // The same sandbox data, now behind a slow CDN that cuts connections and links that expire.
    await sandbox.stop();
    sandbox = await startSandboxProcess(seedPath, [
      '--data-dir',
      dataDir,
      '--cdn-bytes-per-second',
      String(FAULTS.bytesPerSecond),
      '--cdn-cut-after',
      String(FAULTS.cutAfter),
      '--signed-url-ttl',
      String(FAULTS.ttlMs),
    ]);
    const faulty = await downloader(
      sandbox,
      paths.get(FAULTS.size.name)!,
      paths.get(SIZES[0].name)!,
      work,
      'faults',
    );
    const fetchedRatio = faulty.fetched / FAULTS.size.bytes;
    const faultsIdentical = faulty.sha256 === reference.get(FAULTS.size.name);
    console.log(
      `\nFaults (${FAULTS.size.name}, CDN at ${mb(FAULTS.bytesPerSecond)} MB/s cut every ${mb(FAULTS.cutAfter)} MB, links living ${FAULTS.ttlMs} ms)`,
    );
    console.log(
      table(
        ['connections', 'links signed', 'bytes fetched', 'file', 'fetched / file', 'byte-identical'],
        [
          [
            String(faulty.attempts),
            String(faulty.signs),
            faulty.fetched.toLocaleString('en'),
            FAULTS.size.bytes.toLocaleString('en'),
            fetchedRatio.toFixed(3),
            faultsIdentical ? 'yes' : 'NO',
          ],
        ],
      ),
    );

    console.log('');
    const worstRatio = Math.min(...ratios);
    const worstRss = Math.max(...overBaseline);
    const worstSynced = Math.min(...syncedRatios);
    console.log(target('throughput vs curl, worst size', worstRatio.toFixed(2), '≥ 0.90', worstRatio >= 0.9));
    console.log(
      target(
        'throughput vs curl then sync, worst size',
        worstSynced.toFixed(2),
        '≥ 0.90',
        worstSynced >= 0.9,
      ),
    );
    console.log(
      target('peak RSS above baseline, any size', `${mb(worstRss)} MB`, '< 64 MB, flat', worstRss < 64 * MB),
    );
    console.log(
      target(
        'bytes fetched / file size with faults',
        fetchedRatio.toFixed(3),
        '≤ 1.05',
        fetchedRatio <= 1.05,
      ),
    );
    console.log(
      target(
        'files byte-identical',
        identical && faultsIdentical ? 'all' : 'not all',
        'all',
        identical && faultsIdentical,
      ),
    );
  } finally {
    await sandbox.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
