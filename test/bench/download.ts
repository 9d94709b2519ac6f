// `npm run bench:download`: the app's downloader against curl then `sync FILE` (the same durable work), the
// sandbox's outputs served over loopback by an nginx the bench starts (download/nginx.ts: a server that is
// not the bottleneck), on 10 MB, 100 MB and 1 GB outputs, then 100 MB over links held at 100 MB/s and
// 12.5 MB/s (nginx's limit_rate), alternating runs; the sandbox in a child process, the downloader in
// another. Prints throughput and the ratios, the downloader's peak RSS above its baseline, then, from the
// sandbox's own CDN throttled, cut short every few MB and its links expiring mid-download, the bytes
// fetched per byte of file and whether every file is byte-identical; ends with DESIGN.md's `target …` lines.
import { execFile } from 'node:child_process';
import { link, mkdir, mkdtemp, readdir, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startSandboxProcess, type SandboxProcess } from './polling/sandbox-process';
import { runChild } from './polling/run-child';
import { table, target } from './report-lines';
import { fileSha256 } from './download/file-sha256';
import { makeManyOutputs, MANY, manyRun, signAll, type ManyRun } from './download/many-files';
import { startNginx, type Nginx } from './download/nginx';

const KEY = 'bench-key-download-0001';
const MB = 1_000_000;
/** JRS_BENCH_RUNS=n: n runs of every case (fewer while developing). */
const RUNS = process.env['JRS_BENCH_RUNS'] ? Number(process.env['JRS_BENCH_RUNS']) : null;
const SIZES = [
  {
    name: '10 MB',
    bytes: 10 * MB,
    runs: RUNS ?? 7,
    goal: 0.8,
    project: 'd0000000-0000-4000-8000-000000000010',
  },
  {
    name: '100 MB',
    bytes: 100 * MB,
    runs: RUNS ?? 5,
    goal: 0.9,
    project: 'd0000000-0000-4000-8000-000000000100',
  },
  {
    name: '1 GB',
    bytes: 1000 * MB,
    runs: RUNS ?? 3,
    goal: 0.9,
    project: 'd0000000-0000-4000-8000-000000001000',
  },
] as const;
/** 100 MB over links nginx holds at a speed (limit_rate): the downloader against plain curl. */
const LINKS = [
  { name: '100 MB/s', bytesPerSecond: 100 * MB, runs: RUNS ?? 5 },
  { name: '12.5 MB/s', bytesPerSecond: 12.5 * MB, runs: RUNS ?? 3 },
] as const;
const LINK_GOAL = 0.97;
/** JRS_BENCH_EACH=1: also prints each speed run's times (how far runs on this machine are apart). */
const EACH = process.env['JRS_BENCH_EACH'] === '1';
/** JRS_BENCH_CASES=speed,links,many,faults: only those cases (all by default; faults compare with speed's file). */
const CASES = process.env['JRS_BENCH_CASES']?.split(',') ?? null;
const runs = (name: string) => CASES === null || CASES.includes(name);
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

/** A signed link of the sandbox's, at `origin` when one is given (nginx serves the same path). */
async function signedLink(sandbox: SandboxProcess, storagePath: string, origin = ''): Promise<string> {
  const { signedUrl } = await api<{ signedUrl: string }>(
    sandbox,
    `/storage/generate-signed-path?path=${encodeURIComponent(storagePath)}`,
  );
  return origin ? swapOrigin(signedUrl, origin) : signedUrl;
}

function swapOrigin(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
}

async function curl(
  sandbox: SandboxProcess,
  storagePath: string,
  file: string,
  origin: string,
): Promise<{ ms: number; synced: number; sha: string }> {
  const signedUrl = await signedLink(sandbox, storagePath, origin);
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
  origin = '',
) {
  return runChild<ChildResult>('../download/downloader-child.ts', [
    sandbox.url,
    KEY,
    storagePath,
    folder,
    mode,
    warmUpPath,
    origin,
  ]);
}

/**
 * nginx's root: each output's file (the sandbox's own, hard-linked: the same bytes, no copy) at
 * `cdn/<storage key>`, the path of the sandbox's links. The sandbox names its files at random; the bench's
 * outputs differ in size, so each is found by its size.
 */
async function nginxRoot(work: string, dataDir: string, paths: Map<string, string>): Promise<string> {
  const root = join(work, 'nginx-root');
  const files = join(dataDir, 'files');
  const bySize = new Map<number, string>();
  for (const name of await readdir(files))
    bySize.set((await stat(join(files, name))).size, join(files, name));
  for (const size of SIZES) {
    const storagePath = paths.get(size.name)!;
    const file = bySize.get(size.bytes);
    if (!file) throw new Error(`no sandbox file of ${size.bytes} bytes for ${size.name}`);
    if (storagePath.split('/').includes('..')) throw new Error(`unexpected storage path ${storagePath}`);
    const at = join(root, 'cdn', storagePath);
    await mkdir(dirname(at), { recursive: true });
    await link(file, at);
  }
  return root;
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
          credits: 10_000,
          projects: [
            ...SIZES.map((size) => ({ project: size.project, name: size.name, bytes: size.bytes })),
            { project: MANY.project, name: 'many', bytes: MANY.bytes },
          ].map((output) => ({
            projectId: output.project,
            projectName: `Bench ${output.name}`,
            projectType: 'video',
            fields: { headline: { label: 'Headline', instructionType: 'text' } },
            simulate: { outcome: 'SUCCESS', durationMs: 100, creditCost: 1, outputBytes: output.bytes },
          })),
        },
      ],
    }),
  );
  const dataDir = join(work, 'sandbox');
  let sandbox = await startSandboxProcess(seedPath, ['--data-dir', dataDir]);
  let nginx: Nginx | null = null;
  try {
    console.log(`bench:download on ${cpus().length} cores, files in ${work}`);
    const paths = await makeOutputs(sandbox);
    const manyPaths = await makeManyOutputs((path, init) => api(sandbox, path, init));
    const servedFrom = await nginxRoot(work, dataDir, paths);
    nginx = await startNginx(join(work, 'nginx'), servedFrom, {
      full: 0,
      ...Object.fromEntries(LINKS.map((speed) => [speed.name, speed.bytesPerSecond])),
    });
    const origin = (name: string) => nginx?.origins.get(name) ?? '';
    const warmUp = paths.get(SIZES[0].name)!;

    const rows: string[][] = [];
    const syncedRatios: Array<{ name: string; ratio: number; goal: number }> = [];
    const overBaseline: number[] = [];
    let identical = true;
    for (const size of SIZES.filter(() => runs('speed'))) {
      const storagePath = paths.get(size.name)!;
      const app: ChildResult[] = [];
      const floor: number[] = [];
      const curled: number[] = [];
      const curledSynced: number[] = [];
      for (let i = 0; i < size.runs; i++) {
        // Alternating, so that the page cache and the machine's load weigh on both alike.
        const byCurl = await curl(sandbox, storagePath, join(work, 'curl.bin'), origin('full'));
        curled.push(byCurl.ms);
        curledSynced.push(byCurl.synced);
        const byApp = await downloader(sandbox, storagePath, warmUp, work, 'speed', origin('full'));
        app.push(byApp);
        identical &&= byApp.sha256 === byCurl.sha;
        floor.push((await downloader(sandbox, storagePath, warmUp, work, 'floor', origin('full'))).ms);
        if (EACH) {
          const ms = (value: number) => `${value.toFixed(0)} ms`;
          console.log(
            `${size.name}, run ${i + 1}: curl ${ms(byCurl.ms)}, curl+sync ${ms(byCurl.synced)}, downloader ${ms(byApp.ms)}, node floor ${ms(floor[i] ?? 0)}`,
          );
        }
      }
      const appMs = median(app.map((result) => result.ms));
      const curlMs = median(curled);
      const floorMs = median(floor);
      const curlSyncedMs = median(curledSynced);
      const syncedRatio = curlSyncedMs / appMs;
      const rss = Math.max(...app.map((result) => result.peak - result.baseline));
      syncedRatios.push({ name: size.name, ratio: syncedRatio, goal: size.goal });
      overBaseline.push(rss);
      rows.push([
        size.name,
        String(size.runs),
        appMs.toFixed(0),
        curlMs.toFixed(0),
        curlSyncedMs.toFixed(0),
        rate(size.bytes, appMs),
        rate(size.bytes, curlMs),
        rate(size.bytes, curlSyncedMs),
        syncedRatio.toFixed(2),
        rate(size.bytes, floorMs),
        (floorMs / appMs).toFixed(2),
        mb(rss),
        mb(Math.max(...app.map((result) => result.peak))),
      ]);
    }
    console.log(
      '\nSpeed from nginx on loopback (median of the runs; ms, MB/s; RSS in MB). The downloader syncs each\n' +
        'file to disk before naming it done; "curl+sync" is curl followed by `sync FILE`, the same work. "node\n' +
        'floor" reads the body with node:http and drops it (no disk, no app code).',
    );
    console.log(
      table(
        [
          'file',
          'runs',
          'downloader ms',
          'curl ms',
          'curl+sync ms',
          'downloader',
          'curl',
          'curl+sync',
          'vs curl+sync',
          'node floor',
          'floor / downloader',
          'peak RSS over baseline',
          'peak RSS',
        ],
        rows,
      ),
    );

    // The link is the limit: the downloader should take what curl takes off it.
    const linkRows: string[][] = [];
    const linkRatios: Array<{ name: string; ratio: number }> = [];
    const linked = SIZES[1];
    for (const speed of LINKS.filter(() => runs('links'))) {
      const app: ChildResult[] = [];
      const curled: number[] = [];
      const curledSynced: number[] = [];
      for (let i = 0; i < speed.runs; i++) {
        const byCurl = await curl(
          sandbox,
          paths.get(linked.name)!,
          join(work, 'curl.bin'),
          origin(speed.name),
        );
        curled.push(byCurl.ms);
        curledSynced.push(byCurl.synced);
        const byApp = await downloader(
          sandbox,
          paths.get(linked.name)!,
          warmUp,
          work,
          'speed',
          origin(speed.name),
        );
        identical &&= byApp.sha256 === byCurl.sha;
        app.push(byApp);
        overBaseline.push(byApp.peak - byApp.baseline);
      }
      const appMs = median(app.map((result) => result.ms));
      const curlMs = median(curled);
      const ratio = curlMs / appMs;
      linkRatios.push({ name: speed.name, ratio });
      linkRows.push([
        speed.name,
        String(speed.runs),
        appMs.toFixed(0),
        curlMs.toFixed(0),
        median(curledSynced).toFixed(0),
        ratio.toFixed(3),
      ]);
    }
    console.log(`\nLink-limited (${linked.name} from nginx with limit_rate; median ms)`);
    console.log(table(['link', 'runs', 'downloader', 'curl', 'curl+sync', 'vs curl'], linkRows));

    let manyRatio: number | null = null;
    if (runs('many')) {
      // Many small files from the sandbox's CDN answering after 20 ms: the queue against curl --parallel.
      await sandbox.stop();
      sandbox = await startSandboxProcess(seedPath, [
        '--data-dir',
        dataDir,
        '--latency',
        String(MANY.latencyMs),
      ]);
      const manyLinks = await signAll((path, init) => api(sandbox, path, init), manyPaths);
      const manyRuns: ManyRun[] = [];
      for (let i = 0; i < (RUNS ?? 3); i++) {
        const result = await manyRun(work, sandbox.url, manyLinks, i === 0);
        if (result.identical === false) identical = false;
        manyRuns.push(result);
      }
      const manyQueueMs = median(manyRuns.map((result) => result.queueMs));
      const manyCurlMs = median(manyRuns.map((result) => result.curlMs));
      manyRatio = manyQueueMs / manyCurlMs;
      console.log(
        `\nMany files (${MANY.count} × ${mb(MANY.bytes)} MB, sandbox CDN answering after ${MANY.latencyMs} ms, same signed links; ms)`,
      );
      console.log(
        table(
          ['run', 'download queue', `curl --parallel-max ${MANY.curlParallel} + sync`, 'queue / curl'],
          manyRuns.map((result, i) => [
            String(i + 1),
            result.queueMs.toFixed(0),
            result.curlMs.toFixed(0),
            (result.queueMs / result.curlMs).toFixed(2),
          ]),
        ),
      );
    }

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
    const faulty = await downloader(sandbox, paths.get(FAULTS.size.name)!, warmUp, work, 'faults');
    const fetchedRatio = faulty.fetched / FAULTS.size.bytes;
    // Compared with the sandbox's own file (the speed case, left out by JRS_BENCH_CASES, may have made no copy).
    const faultsSource = await fileSha256(join(servedFrom, 'cdn', paths.get(FAULTS.size.name)!));
    const faultsIdentical = faulty.sha256 === faultsSource;
    console.log(
      `\nFaults (sandbox CDN, ${FAULTS.size.name}, at ${mb(FAULTS.bytesPerSecond)} MB/s cut every ${mb(FAULTS.cutAfter)} MB, links living ${FAULTS.ttlMs} ms)`,
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
    for (const { name, ratio, goal } of syncedRatios) {
      console.log(
        target(
          `throughput vs curl then sync, ${name}`,
          ratio.toFixed(2),
          `≥ ${goal.toFixed(2)}`,
          ratio >= goal,
        ),
      );
    }
    for (const { name, ratio } of linkRatios) {
      console.log(
        target(
          `time vs curl, 100 MB over a ${name} link`,
          `${ratio.toFixed(3)}×`,
          `≥ ${LINK_GOAL}×`,
          ratio >= LINK_GOAL,
        ),
      );
    }
    if (manyRatio !== null) {
      console.log(
        target(
          `${MANY.count} files of 1 MB saved, time vs curl --parallel then sync (median)`,
          `${manyRatio.toFixed(2)}×`,
          '≤ 1.10×',
          manyRatio <= 1.1,
        ),
      );
    }
    // Without the speed case (JRS_BENCH_CASES) no RSS was sampled: a figure never measured is not "met".
    if (overBaseline.length > 0) {
      const worstRss = Math.max(...overBaseline);
      console.log(
        target(
          'peak RSS above baseline, any size',
          `${mb(worstRss)} MB`,
          '< 64 MB, flat',
          worstRss < 64 * MB,
        ),
      );
    }
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
    await nginx?.stop();
    await sandbox.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
